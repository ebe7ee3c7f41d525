import { notifications } from '@mantine/notifications';
import { TIMINGS, type ErrorBody, type ErrorDetail } from '@portal/contract';
import { currentLocale, i18n } from '../../i18n/i18n';
import { getToken } from '../auth/session';

const API_BASE = (import.meta.env.VITE_API_URL ?? '/api').replace(/\/$/, '');

/** A failed call: the server's error body when it sent one, a network error otherwise. */
export class ApiError extends Error {
  readonly status: number;
  readonly type: ErrorBody['type'] | 'NETWORK_ERROR';
  readonly details: ErrorDetail[];

  constructor(status: number, body: ErrorBody | null, fallbackMessage: string) {
    super(body?.message ?? fallbackMessage);
    this.name = 'ApiError';
    this.status = status;
    this.type = body?.type ?? (status === 0 ? 'NETWORK_ERROR' : 'SERVER_ERROR');
    this.details = body?.details ?? [];
  }

  get isServerFailure(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the bearer token (default true). Public auth calls turn it off. */
  auth?: boolean;
  /** Do not toast server failures (background calls such as session sync). */
  silent?: boolean;
  /** Call the web host's own `/api` (session cookie sync) even when the API lives elsewhere. */
  webHost?: boolean;
  /** Extra request headers (such as `Idempotency-Key`). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Answer the body as a file (a PDF download) instead of JSON. */
  binary?: boolean;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The app decides what "log out and go to /sign-in" means (it owns the router). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export function apiUrl(path: string, webHost = false): string {
  return `${webHost ? '/api' : API_BASE}${path}`;
}

/**
 * The contract's error body, checked by hand: importing anything from the contract's errors
 * module would bring zod into the entry chunk.
 */
function readErrorBody(value: unknown): ErrorBody | null {
  if (typeof value !== 'object' || value === null) return null;
  const body = value as Partial<Record<keyof ErrorBody, unknown>>;
  if (
    typeof body.type !== 'string' ||
    typeof body.code !== 'number' ||
    typeof body.message !== 'string'
  ) {
    return null;
  }
  const details = Array.isArray(body.details)
    ? body.details.filter(
        (detail): detail is ErrorDetail =>
          typeof detail === 'object' &&
          detail !== null &&
          typeof (detail as ErrorDetail).field === 'string' &&
          typeof (detail as ErrorDetail).message === 'string',
      )
    : undefined;
  return { ...(value as ErrorBody), details };
}

function showServerFailure(): void {
  notifications.show({
    id: 'server-failure',
    color: 'red',
    message: i18n.t('errors.generic'),
  });
}

/** The one fetch wrapper: JSON, language header, bearer token, 60 s timeout, error handling. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const {
    method = 'GET',
    body,
    auth = true,
    silent = false,
    webHost = false,
    headers: extraHeaders,
    signal,
    binary = false,
  } = options;
  const token = auth ? getToken() : null;
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'Accept-Language': currentLocale(),
    ...extraHeaders,
  };
  if (token) headers.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMINGS.requestTimeoutMs);
  const abortFromCaller = () => controller.abort();
  signal?.addEventListener('abort', abortFromCaller);

  let response: Response;
  try {
    response = await fetch(apiUrl(path, webHost), {
      method,
      headers,
      // A JSON content type with an empty body is rejected by the server: send {} instead.
      body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (!silent) showServerFailure();
    throw new ApiError(0, null, i18n.t('errors.generic'));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  }

  if (response.ok && binary) return (await response.blob()) as T;
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) return payload as T;

  const errorBody = readErrorBody(payload);
  if (errorBody?.type === 'AUTH_ERROR' && errorBody.code === 401 && token) {
    onUnauthorized();
  } else if (response.status >= 500 && !silent) {
    showServerFailure();
  }
  throw new ApiError(response.status, errorBody, i18n.t('errors.generic'));
}

/** How far an upload is: the bytes sent, then the server's check (`checking`). */
export type UploadProgress = { phase: 'sending'; percent: number } | { phase: 'checking' };

/** One file sent as the multipart field `file`, with its progress (see `apiUpload`). */
export function uploadFile<T>(
  path: string,
  file: File,
  onProgress: (progress: UploadProgress) => void,
  method: 'POST' | 'PUT' = 'POST',
): Promise<T> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiUpload<T>(path, form, onProgress, method);
}

/**
 * A multipart upload (a CSV file) with real progress: `fetch` cannot report bytes sent, so this
 * uses XMLHttpRequest. Same headers, timeout and error handling as `apiRequest`.
 */
export function apiUpload<T>(
  path: string,
  form: FormData,
  onProgress: (progress: UploadProgress) => void,
  method: 'POST' | 'PUT' = 'POST',
): Promise<T> {
  const token = getToken();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, apiUrl(path));
    xhr.timeout = TIMINGS.requestTimeoutMs;
    xhr.responseType = 'text';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLocale());
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        onProgress({ phase: 'sending', percent: Math.round((event.loaded / event.total) * 100) });
      }
    };
    // Every byte is out: what remains is the server reading and checking the file.
    xhr.upload.onload = () => onProgress({ phase: 'checking' });
    const failNetwork = () => {
      showServerFailure();
      reject(new ApiError(0, null, i18n.t('errors.generic')));
    };
    xhr.onerror = failNetwork;
    xhr.ontimeout = failNetwork;
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(payload as T);
        return;
      }
      const errorBody = readErrorBody(payload);
      if (errorBody?.type === 'AUTH_ERROR' && errorBody.code === 401 && token) {
        onUnauthorized();
      } else if (xhr.status >= 500) {
        showServerFailure();
      }
      reject(new ApiError(xhr.status, errorBody, i18n.t('errors.generic')));
    };
    xhr.send(form);
  });
}
