import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import type { SiteEnv } from '../http/site-context';
import { lastCodeSentTo } from '../services/messages';

// Test mode only (mounted at /api/test/codes when PLATFORM_TEST_MODE=1): the simulated SMS / e-mail
// provider's outbox, so browser tests can type the code a player would have received.
//   GET /last?to=<mobilePhone or email> → { code }, 404 when nothing with a code was sent there.
// A `+` in the phone may arrive encoded (%2B) or not (read as a space); both work.

export function testCodeRoutes({ db }: { db: Kysely<Database> }): Hono<SiteEnv> {
  const routes = new Hono<SiteEnv>();

  routes.get('/last', async (c) => {
    const to = c.req.query('to') ?? '';
    if (to.trim() === '' || to.length > 254) throw new HttpError(400, ERROR_CODES.requestInvalid, 'Expected ?to=<mobile phone or e-mail address>.');
    const code = await lastCodeSentTo(db, to);
    if (code === null) throw new HttpError(404, ERROR_CODES.notFound, 'No code was sent there.');
    return c.json({ code });
  });

  return routes;
}
