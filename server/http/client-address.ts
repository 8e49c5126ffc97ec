import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

// The visitor's address, for the per-address limits (server/services/throttle.ts): a trusted
// proxy's header when the platform is configured with one (CLIENT_ADDRESS_HEADER), else the TCP
// peer of the Node server. Null when neither is known (a test calling `app.request` without a
// connection): the per-address limits then do not count, the per-number and per-account ones do.

export function clientAddress(c: Context, trustedHeader?: string  ): string | null {
  if (trustedHeader) {
    // The first entry is the client's (X-Forwarded-For style lists).
    const value = c.req.header(trustedHeader)?.split(',')[0]?.trim();
    if (value) return value.slice(0, 64);
  }
  try {
    const address = getConnInfo(c).remote.address;
    return address ? address.replace(/^::ffff:/, '') : null;
  } catch {
    return null;
  }
}
