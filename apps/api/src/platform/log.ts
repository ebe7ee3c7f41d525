import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyLoggerOptions, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** What a caller's X-Request-Id may be to be kept: a plain token, never text for the logs. */
const REQUEST_ID = /^[\w.:-]{1,64}$/;

/** A request's id: the X-Request-Id a proxy sent when it is a plain token, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** Where log lines go (standard output unless given). */
export interface LogStream {
  write(line: string): void;
}

/** Names of query and path parameters that carry a secret: their values never reach a log. */
const SECRET_NAME = /key|token|secret|password|signature/i;
const HIDDEN = '[hidden]';
/** Fields of database errors that repeat the values of a row (a duplicate key's e-mail, say). */
const ROW_FIELDS = new Set(['params', 'detail', 'internalQuery', 'cause']);

/** A request as logged: its path with secret parameters hidden, never headers or bodies. */
function serializeRequest(request: FastifyRequest) {
  const [pathname = '', search] = request.url.split('?', 2);
  let path = pathname;
  const params = (request.params ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(params)) {
    if (SECRET_NAME.test(name) && typeof value === 'string' && value) {
      path = path.split(encodeURIComponent(value)).join(HIDDEN).split(value).join(HIDDEN);
    }
  }
  let query = '';
  if (search !== undefined) {
    const entries = [...new URLSearchParams(search)].map(([name, value]) =>
      SECRET_NAME.test(name) ? `${name}=${HIDDEN}` : `${name}=${encodeURIComponent(value)}`,
    );
    query = `?${entries.join('&')}`;
  }
  return { method: request.method, url: path + query, remoteAddress: request.ip };
}

/**
 * The texts a failed query's error may repeat its parameters in: drizzle writes them all into
 * its message ("Failed query: …\nparams: …"), and so into the stack, and the database quotes a
 * value it refused in its own message. Longest first, so a value inside another goes too.
 */
function queryParameterTexts(error: unknown): string[] {
  const texts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    const params = (current as { params?: unknown }).params;
    if (Array.isArray(params) && params.length) {
      texts.push(`params: ${params.join(',')}`);
      for (const param of params) {
        const text = typeof param === 'string' ? param : JSON.stringify(param);
        // Short values (a locale, a count) are kept: hiding them would garble the message.
        if (typeof text === 'string' && text.length >= 4) texts.push(text);
      }
    }
    current = current.cause;
  }
  return texts.sort((a, b) => b.length - a.length);
}

function plainError(error: Error, hide: (text: string) => string, depth: number) {
  const own: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (ROW_FIELDS.has(key)) continue;
    own[key] = typeof value === 'string' ? hide(value) : value;
  }
  const serialized: { type: string; message: string; stack: string; [key: string]: unknown } = {
    ...own,
    type: error.constructor.name,
    message: hide(error.message),
    stack: hide(error.stack ?? ''),
  };
  if (error.cause instanceof Error && depth < 4) {
    serialized.cause = plainError(error.cause, hide, depth + 1);
  }
  return serialized;
}

/** An error as logged: type, message, stack and causes, without the values of the rows it touched. */
export function serializeError(error: Error) {
  const hidden = queryParameterTexts(error);
  const hide = (text: string) =>
    hidden.reduce((result, secret) => result.split(secret).join(HIDDEN), text);
  return plainError(error, hide, 0);
}

/** The API's logger: no query parameters, row values, tokens, keys or headers in any line. */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  stream?: LogStream,
): FastifyLoggerOptions | false {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    serializers: { req: serializeRequest, err: serializeError },
    ...(stream ? { stream } : {}),
  };
}
