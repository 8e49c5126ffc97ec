import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { cookieConsentPatchSchema, type CookieConsentResponse, type CookieConsentSaved } from '../../src/api/cookieConsent';
import type { Database } from '../db/schema';
import { requireAuth, type AuthEnv } from '../http/auth';
import { flowBodyLimit, parseJsonBody } from '../http/validation';
import { cookieConsentOfPlayer, saveCookieConsent, type CookieConsentDeps } from '../services/cookie-consent';

// The player's cookie consent (behaviour.md §7 "/player/cookies/consent: GET and PATCH with the
// version"; the contract is src/api/cookieConsent.ts), mounted at /api/player/cookies/consent for a
// logged-in player:
//   GET   /   -> { consent | null }
//   PATCH /   { essentials: true, performanceFunctional, marketing, version } -> { consent }
// A body that is not a JSON object is 400 error.request.invalid, one whose fields fail 400
// error.validation with the fields, another version 400 error.cookie_consent.version.invalid; nothing
// is written then. The rules are server/services/cookie-consent.ts's.

export function cookieConsentRoutes({ db, clock }: { db: Kysely<Database>; clock: () => Date }): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const deps: CookieConsentDeps = { db, clock };
  const playerOf = (c: Context<AuthEnv>): number => c.get('authSession').playerId;

  routes.get('/', requireAuth, async (c) => c.json<CookieConsentResponse>({ consent: await cookieConsentOfPlayer(deps, playerOf(c)) }));

  routes.patch('/', flowBodyLimit, requireAuth, async (c) => {
    const answer = await parseJsonBody(c, cookieConsentPatchSchema);
    return c.json<CookieConsentSaved>({ consent: await saveCookieConsent(deps, playerOf(c), answer) });
  });

  return routes;
}
