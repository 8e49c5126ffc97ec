import type { Hono } from 'hono';

// Requests "from" a client address: the Node server's connection info as @hono/node-server gives
// it (server/http/client-address.ts reads it), so the per-address limits see who asks.

type App = Pick<Hono, 'request'>;

export interface AddressedApp {
  request: (path: string, init?: RequestInit) => Promise<Response>;
}

export function from(app: App, address: string): AddressedApp {
  return {
    request: (path, init) => Promise.resolve(app.request(path, init, { incoming: { socket: { remoteAddress: address } } })),
  };
}

/** 203.0.113.n (TEST-NET-3, RFC 5737): a distinct documentation address per n. */
export function address(n: number): string {
  return `203.0.113.${String(n % 250)}`;
}

/** POST JSON, optionally with a bearer token. */
export function post(client: AddressedApp, path: string, body: unknown, token?: string): Promise<Response> {
  return client.request(path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }) },
  });
}

export interface RefusalBody {
  code: string;
  message: string;
  details?: { attemptsLeft?: number; retryAfterSeconds?: number };
}

/** Asserts status and code; the body with its details. */
export async function refusal(response: Response, status: number, code: string): Promise<RefusalBody> {
  const body = (await response.json()) as RefusalBody;
  if (response.status !== status || body.code !== code) throw new Error(`expected ${String(status)} ${code}, got ${String(response.status)} ${JSON.stringify(body)}`);
  return body;
}
