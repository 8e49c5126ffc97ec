import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import type { LoginHistoryResponse } from '../../src/api/account';
import type { Database } from '../db/schema';
import { requireAuth, type AuthEnv } from '../http/auth';
import { currentPlayer } from '../services/account';
import { loginHistoryOf } from '../services/login-history';

// The rest of the account area (behaviour.md §7 "Player and account"; the contract is
// src/api/account.ts), mounted at /api/player for a logged-in player:
//   GET /login_history -> { logins } newest first

export function accountRoutes({ db, clock }: { db: Kysely<Database>; clock: () => Date }): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const playerOf = (c: Context<AuthEnv>): number => c.get('authSession').playerId;

  routes.get('/login_history', requireAuth, async (c) => {
    const player = await currentPlayer({ db, clock }, playerOf(c));
    return c.json<LoginHistoryResponse>({ logins: await loginHistoryOf(db, player.id) });
  });

  return routes;
}
