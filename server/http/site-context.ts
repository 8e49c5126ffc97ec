import type { MiddlewareHandler } from 'hono';
import { DEFAULT_SITE_ID } from '../../machines/lib/constants';
import { ERROR_CODES, HttpError } from './errors';

// behaviour.md §7: requests carry a SiteContext header with the site id (default 1, §9).
// This platform runs one site; any other id is unknown.

export const SITE_CONTEXT_HEADER = 'SiteContext';
export const KNOWN_SITE_IDS: readonly number[] = [DEFAULT_SITE_ID];

export interface SiteEnv {
  Variables: { siteId: number };
}

const SITE_ID = /^[0-9]{1,9}$/;

/** Reads the header's value: the default site when absent, an HttpError when malformed or unknown. */
export function parseSiteContext(value: string | undefined): number {
  if (value === undefined) return DEFAULT_SITE_ID;
  const trimmed = value.trim();
  if (!SITE_ID.test(trimmed)) {
    throw new HttpError(400, ERROR_CODES.siteContextInvalid, 'The SiteContext header must be a site id (an integer).');
  }
  const siteId = Number(trimmed);
  if (!KNOWN_SITE_IDS.includes(siteId)) {
    throw new HttpError(400, ERROR_CODES.siteUnknown, `Site ${String(siteId)} is not served by this platform.`);
  }
  return siteId;
}

export const siteContext: MiddlewareHandler<SiteEnv> = async (c, next) => {
  c.set('siteId', parseSiteContext(c.req.header(SITE_CONTEXT_HEADER)));
  await next();
};
