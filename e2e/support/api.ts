import assert from 'node:assert/strict';
import { DEMO_PASSWORD } from './session';

/**
 * Direct API calls for journey set-up (orders to claim, staff actions), against the portal whose
 * address `baseUrl` gives once it has started.
 */
export function portalApi(baseUrl: () => string) {
  /** A demo account's access token, signed in through the API. */
  async function tokenOf(email: string): Promise<string> {
    const response = await fetch(`${baseUrl()}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    assert.equal(response.status, 200);
    return ((await response.json()) as { access_token: string }).access_token;
  }

  /** A JSON call as the holder of `token`; anything but a 2xx fails the journey. */
  async function api<T>(
    token: string,
    path: string,
    init: { method?: string; body?: unknown } = {},
  ): Promise<T> {
    const response = await fetch(`${baseUrl()}/api${path}`, {
      method: init.method ?? 'GET',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    assert.ok(response.ok, `${path} answered ${response.status}: ${await response.clone().text()}`);
    return (await response.json()) as T;
  }

  /** A multipart upload of one `file` as the holder of `token`; anything but a 2xx fails. */
  async function upload<T>(
    token: string,
    path: string,
    file: { name: string; type: string; content: Buffer },
  ): Promise<T> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
    const response = await fetch(`${baseUrl()}/api${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    assert.ok(response.ok, `${path} answered ${response.status}: ${await response.clone().text()}`);
    return (await response.json()) as T;
  }

  return { tokenOf, api, upload };
}
