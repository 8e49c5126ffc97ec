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
