import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitVatNumber } from './checker';
import { offlineVatChecker, OFFLINE_INACTIVE_TEST_NUMBERS } from './offline';
import { viesVatChecker } from './vies';

describe('splitVatNumber', () => {
  it.each([
    ['NL 1234.567.89 b01', 'NL', { countryCode: 'NL', number: '123456789B01' }],
    ['123456789', 'DE', { countryCode: 'DE', number: '123456789' }],
    ['GR123456789', 'GR', { countryCode: 'EL', number: '123456789' }],
    ['123456789', 'GR', { countryCode: 'EL', number: '123456789' }],
    ['ATU12345678', 'AT', { countryCode: 'AT', number: 'U12345678' }],
  ] as const)('%s (%s)', (input, country, expected) => {
    expect(splitVatNumber(input, country)).toEqual(expected);
  });
});

describe('offline checker', () => {
  const checker = offlineVatChecker();
  it.each([
    ['NL123456789B01', 'NL'],
    ['DE123456789', 'DE'],
    ['FR12345678901', 'FR'],
    ['ATU12345678', 'AT'],
    ['ESB12345678', 'ES'],
    ['SE123456789001', 'SE'],
    ['123456789B01', 'NL'],
  ] as const)('%s is active', async (number, country) => {
    expect(await checker.check(number, country)).toBe('active');
  });

  it.each([
    ['NL123456789', 'NL'],
    ['DE12345678', 'DE'],
    ['XX123456789', 'NL'],
    ['BE2123456789', 'BE'],
  ] as const)('%s has the wrong format: inactive', async (number, country) => {
    expect(await checker.check(number, country)).toBe('inactive');
  });

  it.each(OFFLINE_INACTIVE_TEST_NUMBERS)('the documented test number %s is inactive', async (n) => {
    expect(await checker.check(n, n.startsWith('NL') ? 'NL' : 'DE')).toBe('inactive');
  });
});

type Handler = (body: { countryCode: string; vatNumber: string }, res: ServerResponse) => void;

/** A stand-in for VIES on 127.0.0.1: each test decides the answer. */
describe('VIES checker against a fake VIES server', () => {
  let server: Server;
  let baseUrl: string;
  let handler: Handler = () => {};
  const received: unknown[] = [];

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as { countryCode: string; vatNumber: string };
        received.push({ method: req.method, url: req.url, body });
        handler(body, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rest-api`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const checker = () => viesVatChecker({ baseUrl, timeoutMs: 300 });

  it('asks POST /check-vat-number with the member state and the national part', async () => {
    handler = (body, res) => json(res, 200, { ...body, valid: true, name: 'DEMO' });
    expect(await checker().check('nl 123456789b01', 'NL')).toBe('active');
    expect(received.at(-1)).toEqual({
      method: 'POST',
      url: '/rest-api/check-vat-number',
      body: { countryCode: 'NL', vatNumber: '123456789B01' },
    });
  });

  it('a number VIES does not know is inactive', async () => {
    handler = (body, res) => json(res, 200, { ...body, valid: false });
    expect(await checker().check('DE123456789', 'DE')).toBe('inactive');
  });

  it('a number VIES calls malformed is inactive', async () => {
    handler = (_body, res) =>
      json(res, 400, { actionSucceed: false, errorWrappers: [{ error: 'INVALID_INPUT' }] });
    expect(await checker().check('DE1', 'DE')).toBe('inactive');
  });

  it('a member state outage is unavailable, not inactive', async () => {
    handler = (_body, res) =>
      json(res, 200, { actionSucceed: false, errorWrappers: [{ error: 'MS_UNAVAILABLE' }] });
    expect(await checker().check('DE123456789', 'DE')).toBe('unavailable');
  });

  it('a server error is unavailable', async () => {
    handler = (_body, res) => json(res, 500, { message: 'Internal Server Error' });
    expect(await checker().check('DE123456789', 'DE')).toBe('unavailable');
  });

  it('a malformed body is unavailable', async () => {
    handler = (_body, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"valid": tru');
    };
    expect(await checker().check('DE123456789', 'DE')).toBe('unavailable');
    handler = (_body, res) => json(res, 200, { valid: 'yes' });
    expect(await checker().check('DE123456789', 'DE')).toBe('unavailable');
  });

  it('a timeout is unavailable', async () => {
    handler = (_body, res) => setTimeout(() => json(res, 200, { valid: false }), 1000);
    const started = Date.now();
    expect(await checker().check('DE123456789', 'DE')).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('a server that is not there is unavailable', async () => {
    const gone = viesVatChecker({ baseUrl: 'http://127.0.0.1:1/rest-api', timeoutMs: 300 });
    expect(await gone.check('DE123456789', 'DE')).toBe('unavailable');
  });
});
