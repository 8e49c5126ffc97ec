import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { closeAccountRequestSchema, profileLanguageRequestSchema, type CloseAccountResponse, type LatestActivityResponse, type LoginHistoryResponse } from '../../src/api/account';
import type { PlayerProfile } from '../../src/api/player';
import type { Database } from '../db/schema';
import { requireAuth, type AuthEnv } from '../http/auth';
import { clientAddress } from '../http/client-address';
import { authServicesOf } from '../http/session-cookie';
import { flowBodyLimit, parseJsonBody } from '../http/validation';
import { currentPlayer } from '../services/account';
import { closeAccount } from '../services/account-closure';
import { latestActivityOf } from '../services/account-activity';
import { loginHistoryOf } from '../services/login-history';
import { updateProfileLanguage } from '../services/profile-update';
import type { ThrottlePolicy } from '../services/throttle';

// The rest of the account area (behaviour.md §7 "Player and account"; the contract is
// src/api/account.ts), mounted at /api/player for a logged-in player:
//   GET  /login_history  -> { logins } newest first
//   GET  /latest-activity-log -> { latestActivityLog } (the newest entry, with its note)
//   PATCH /profile       { playerId, languageCode } -> the profile (the player's language)
//   POST /account/close  { confirm: true, password? } -> { status: 'CLOSED', payout } (every session ends)

export function accountRoutes({ db, clock, throttle }: { db: Kysely<Database>; clock: () => Date; throttle: ThrottlePolicy }): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const playerOf = (c: Context<AuthEnv>): number => c.get('authSession').playerId;

  routes.get('/login_history', requireAuth, async (c) => {
    const player = await currentPlayer({ db, clock }, playerOf(c));
    return c.json<LoginHistoryResponse>({ logins: await loginHistoryOf(db, player.id) });
  });

  routes.get('/latest-activity-log', requireAuth, async (c) => {
    const player = await currentPlayer({ db, clock }, playerOf(c));
    return c.json<LatestActivityResponse>(await latestActivityOf(db, player.id));
  });

  routes.patch('/profile', flowBodyLimit, requireAuth, async (c) => {
    const body = await parseJsonBody(c, profileLanguageRequestSchema);
    return c.json<PlayerProfile>(await updateProfileLanguage({ db, clock }, playerOf(c), body));
  });

  // Ends the player's sessions: the last answer of this one.
  routes.post('/account/close', flowBodyLimit, requireAuth, async (c) => {
    const { password } = await parseJsonBody(c, closeAccountRequestSchema);
    const { policy } = authServicesOf(c);
    const deps = { db, clock, throttle, lock: policy.lock };
    return c.json<CloseAccountResponse>(await closeAccount(deps, { playerId: playerOf(c), password, address: clientAddress(c, throttle.addressHeader) }));
  });

  return routes;
}
