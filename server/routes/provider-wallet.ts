import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import {
  balanceRequestSchema,
  betRequestSchema,
  rollbackRequestSchema,
  winRequestSchema,
  type BalanceAnswer,
  type OperationAnswer,
} from '../contract/provider-wallet';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import type { SiteEnv } from '../http/site-context';
import { fieldErrorsOf, flowBodyLimit, validationError } from '../http/validation';
import { verifyWalletCall, type ProviderKeyring } from '../services/provider-keys';
import { gameBalance, gameOperation, rollbackBet, type GameWalletDeps } from '../services/game-wallet';

// The game providers' seamless wallet (server/contract/provider-wallet.ts), mounted at
// /api/provider/wallet: each call's key, timestamp and signature are checked first (401
// error.token.invalid; the provider is the key's), then the body is parsed with the contract; the
// rules are server/services/game-wallet.ts.

export interface ProviderWalletRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
  /** The providers' keys (server/services/provider-keys.ts). */
  keyring: ProviderKeyring;
  /** When a login is over (the platform's auth policy); the spec's limits when absent. */
  sessionLimits?: GameWalletDeps['sessionLimits'];
}

export function providerWalletRoutes({ db, clock, keyring, sessionLimits }: ProviderWalletRoutesOptions): Hono<SiteEnv> {
  const routes = new Hono<SiteEnv>();
  const deps: GameWalletDeps = { db, clock, sessionLimits };

  /** The signing provider and the signed body, parsed with `schema`. */
  async function signedCall<TSchema extends v.GenericSchema>(c: Context, schema: TSchema): Promise<{ provider: string; body: v.InferOutput<TSchema> }> {
    const text = await c.req.text();
    const key = await verifyWalletCall(keyring, (name) => c.req.header(name), text, clock());
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new HttpError(400, ERROR_CODES.requestInvalid, 'The request body must be a JSON object.');
    }
    const parsed = v.safeParse(schema, body, { abortEarly: false });
    if (!parsed.success) throw validationError(fieldErrorsOf(parsed.issues));
    return { provider: key.provider, body: parsed.output };
  }

  routes.post('/balance', flowBodyLimit, async (c) => {
    const { provider, body } = await signedCall(c, balanceRequestSchema);
    return c.json<BalanceAnswer>(await gameBalance(deps, provider, body));
  });
  routes.post('/bet', flowBodyLimit, async (c) => {
    const { provider, body } = await signedCall(c, betRequestSchema);
    return c.json<OperationAnswer>(await gameOperation(deps, provider, 'bet', body));
  });
  routes.post('/win', flowBodyLimit, async (c) => {
    const { provider, body } = await signedCall(c, winRequestSchema);
    return c.json<OperationAnswer>(await gameOperation(deps, provider, 'win', body));
  });
  routes.post('/rollback', flowBodyLimit, async (c) => {
    const { provider, body } = await signedCall(c, rollbackRequestSchema);
    return c.json<OperationAnswer>(await rollbackBet(deps, provider, body));
  });

  return routes;
}
