import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import {
  depositRequestSchema,
  netPositionQuerySchema,
  operationCheckRequestSchema,
  transactionsQuerySchema,
  withdrawalCancellationRequestSchema,
  withdrawalRequestSchema,
  type DepositCheckResponse,
  type DepositRequestResponse,
  type DepositStatusResponse,
  type NetPositionResponse,
  type WalletResponse,
  type WithdrawalCheckResponse,
  type WithdrawalRequestResponse,
} from '../../src/api/wallet';
import type { Database } from '../db/schema';
import { requireAuth, type AuthEnv } from '../http/auth';
import { fieldErrorsOf, flowBodyLimit, parseJsonBody, validationError } from '../http/validation';
import type { SettingsStore } from '../services/settings';
import { providersOf } from '../providers';
import {
  cancelWithdrawal,
  depositCheck,
  depositStatus,
  paymentMethods,
  recentDepositMethods,
  requestDeposit,
  requestWithdrawal,
  withdrawalCheck,
  type PlayerCashierDeps,
} from '../services/cashier';
import { walletOf } from '../services/wallet';
import { netPosition, pendingWithdrawals, transactionHistory } from '../services/wallet-history';

// The player's wallet and cashier (behaviour.md §7 "Wallet and banking"; the contract is
// src/api/wallet.ts), mounted at /api/player/wallet. Every route needs the player's id token
// (requireAuth on each route, not on the prefix: the live socket beside these carries its token in
// the query). Routes parse with the contract and call the services (server/services/cashier.ts,
// wallet.ts, wallet-history.ts); business outcomes are 200 answers with an operation result.
// The token and the live socket are server/routes/wallet-live.ts.

export function walletRoutes({ db, clock, settings }: { db: Kysely<Database>; clock: () => Date; settings: SettingsStore }): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const deps = (c: Context): PlayerCashierDeps => ({ db, clock, providers: providersOf(c), settings });
  const playerOf = (c: Context<AuthEnv>): number => c.get('authSession').playerId;

  function parseQuery<TSchema extends v.GenericSchema>(c: Context, schema: TSchema): v.InferOutput<TSchema> {
    const parsed = v.safeParse(schema, c.req.query(), { abortEarly: false });
    if (!parsed.success) throw validationError(fieldErrorsOf(parsed.issues));
    return parsed.output;
  }

  routes.get('/', requireAuth, async (c) => c.json<WalletResponse>(await walletOf(db, playerOf(c))));

  routes.get('/payment_methods', requireAuth, async (c) => c.json(await paymentMethods(deps(c), playerOf(c))));

  routes.get('/recent_deposit_methods', requireAuth, async (c) => c.json(await recentDepositMethods(deps(c), playerOf(c))));

  routes.post('/deposit/check', flowBodyLimit, requireAuth, async (c) => {
    await parseJsonBody(c, operationCheckRequestSchema);
    return c.json<DepositCheckResponse>(await depositCheck(deps(c), playerOf(c)));
  });

  routes.post('/deposit/request', flowBodyLimit, requireAuth, async (c) => {
    const body = await parseJsonBody(c, depositRequestSchema);
    return c.json<DepositRequestResponse>(await requestDeposit(deps(c), playerOf(c), body));
  });

  routes.get('/deposit/:depositId', requireAuth, async (c) => c.json<DepositStatusResponse>(await depositStatus(deps(c), playerOf(c), c.req.param('depositId'))));

  routes.post('/withdrawal/check', flowBodyLimit, requireAuth, async (c) => {
    await parseJsonBody(c, operationCheckRequestSchema);
    return c.json<WithdrawalCheckResponse>(await withdrawalCheck(deps(c), playerOf(c)));
  });

  routes.post('/withdrawal/request', flowBodyLimit, requireAuth, async (c) => {
    const body = await parseJsonBody(c, withdrawalRequestSchema);
    return c.json<WithdrawalRequestResponse>(await requestWithdrawal(deps(c), playerOf(c), body));
  });

  routes.post('/withdrawal/cancellation', flowBodyLimit, requireAuth, async (c) => {
    const body = await parseJsonBody(c, withdrawalCancellationRequestSchema);
    return c.json(await cancelWithdrawal(deps(c), playerOf(c), body));
  });

  routes.get('/pendingWithdrawal', requireAuth, async (c) => c.json(await pendingWithdrawals(deps(c), playerOf(c))));

  routes.get('/transactions', requireAuth, async (c) => c.json(await transactionHistory(deps(c), playerOf(c), parseQuery(c, transactionsQuerySchema))));

  routes.get('/net-position-win-loss', requireAuth, async (c) =>
    c.json<NetPositionResponse>(await netPosition(deps(c), playerOf(c), parseQuery(c, netPositionQuerySchema))),
  );

  return routes;
}
