import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import {
  WALLET_SIGNATURE_HEADER,
  balanceRequestSchema,
  gameOperationRequestSchema,
  rollbackRequestSchema,
  type BalanceAnswer,
  type OperationAnswer,
} from '../contract/provider-wallet';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import type { SiteEnv } from '../http/site-context';
import { fieldErrorsOf, flowBodyLimit, validationError } from '../http/validation';
import { loadGameWalletSecret, validWalletSignature } from '../platform/game-wallet-secret';
import { gameBalance, gameOperation, rollbackBet, type GameWalletDeps } from '../services/game-wallet';

// The game providers' seamless wallet (server/contract/provider-wallet.ts), mounted at
// /api/provider/wallet: each call's body is checked against its HMAC first (401 error.token.invalid),
// then parsed with the contract; the rules are server/services/game-wallet.ts.

export interface ProviderWalletRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
  /** GAME_WALLET_SECRET; generated and kept in platform_settings when absent. */
  secret?: string | undefined;
}

export function providerWalletRoutes({ db, clock, secret }: ProviderWalletRoutesOptions): Hono<SiteEnv> {
  const routes = new Hono<SiteEnv>();
  const deps: GameWalletDeps = { db, clock };
  let loaded: Promise<string> | undefined;
  const secretOf = (): Promise<string> => {
    loaded ??= loadGameWalletSecret(db, secret).catch((error: unknown) => {
      loaded = undefined; // a database hiccup must not poison every later call
      throw error;
    });
    return loaded;
  };

  /** The signed body, parsed with `schema`. */
  async function signedBody<TSchema extends v.GenericSchema>(c: Context, schema: TSchema): Promise<v.InferOutput<TSchema>> {
    const text = await c.req.text();
    if (!validWalletSignature(await secretOf(), text, c.req.header(WALLET_SIGNATURE_HEADER))) {
      throw new HttpError(401, ERROR_CODES.tokenInvalid, `The body's ${WALLET_SIGNATURE_HEADER} is missing or wrong.`);
    }
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
    return parsed.output;
  }

  routes.post('/balance', flowBodyLimit, async (c) => c.json<BalanceAnswer>(await gameBalance(deps, await signedBody(c, balanceRequestSchema))));
  routes.post('/bet', flowBodyLimit, async (c) => c.json<OperationAnswer>(await gameOperation(deps, 'bet', await signedBody(c, gameOperationRequestSchema))));
  routes.post('/win', flowBodyLimit, async (c) => c.json<OperationAnswer>(await gameOperation(deps, 'win', await signedBody(c, gameOperationRequestSchema))));
  routes.post('/rollback', flowBodyLimit, async (c) => c.json<OperationAnswer>(await rollbackBet(deps, await signedBody(c, rollbackRequestSchema))));

  return routes;
}
