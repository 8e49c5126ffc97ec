import { Hono } from 'hono';
import type { SiteEnv } from '../../http/site-context';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import {
  balanceAnswerSchema,
  operationAnswerSchema,
  type BalanceAnswer,
  type BalanceRequest,
  type BetRequest,
  type OperationAnswer,
  type RollbackRequest,
  type WinRequest,
} from '../../contract/provider-wallet';
import type { Database } from '../../db/schema';
import { createErrorHandler } from '../../http/errors';
import { redactError } from '../../http/redact';
import { DEMO_WALLET_PROVIDER, walletCallHeaders, type ProviderKeyring } from '../../services/provider-keys';

// The demo provider's side of the seamless wallet (server/contract/provider-wallet.ts; issues 11
// and 20): real-money rounds are a BET and, when they win, a WIN of the round, each with the
// provider's transaction id as its idempotency key (and a live bet whose BET's answer never came
// back is voided by a ROLLBACK of its round). Balances and bets carry the launch's game session
// token, so they stop with the player's login. The provider speaks the contract exactly as a
// remote provider does (the JSON body signed with its own key, the time and X-Wallet-Signature; the
// answers parsed with the contract's schemas) but in-process, through its own instance of the
// wallet's routes (server/routes/provider-wallet.ts, handed in by the composition root: a provider
// imports no route) on the same database: a simulated provider
// running inside the platform has no network address of the platform to call (tests run the app
// without a port), and a hop through localhost would add nothing the signature and the contract do
// not already check. The postings notify the live balance as any other (server/repositories/wallet-events.ts).

export { DEMO_WALLET_PROVIDER };

/** A wallet call that did not answer: its HTTP status and code (401 session ended, 404 wallet not found, 409 idempotency conflict, ...). */
export interface WalletFailure {
  failed: true;
  status: number;
  code: string;
}

export interface DemoWallet {
  balance(request: BalanceRequest): Promise<BalanceAnswer | WalletFailure>;
  bet(request: BetRequest): Promise<OperationAnswer | WalletFailure>;
  win(request: WinRequest): Promise<OperationAnswer | WalletFailure>;
  /** Voids a bet (a live bet whose BET's answer never came back: play.ts). */
  rollback(request: RollbackRequest): Promise<OperationAnswer | WalletFailure>;
}

export function isWalletFailure(answer: object): answer is WalletFailure {
  return 'failed' in answer;
}

const errorBodySchema = v.object({ code: v.string() });

/** The platform's seamless-wallet routes (server/routes/provider-wallet.ts providerWalletRoutes), given by server/app.ts. */
export type PlatformWalletRoutes = (deps: { db: Kysely<Database>; clock: () => Date; keyring: ProviderKeyring }) => Hono<SiteEnv>;

export function inProcessWallet(options: { db: Kysely<Database>; clock: () => Date; keyring: ProviderKeyring; walletRoutes: PlatformWalletRoutes }): DemoWallet {
  const { db, clock, keyring, walletRoutes } = options;
  const app = new Hono();
  app.route('/', walletRoutes({ db, clock, keyring }));
  app.onError(createErrorHandler((message, error) => console.error(`demo provider wallet: ${message}`, redactError(error))));

  async function call<TSchema extends v.GenericSchema>(path: string, body: object, schema: TSchema): Promise<v.InferOutput<TSchema> | WalletFailure> {
    const text = JSON.stringify(body);
    const key = await keyring.signingKey(DEMO_WALLET_PROVIDER);
    const response = await app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...walletCallHeaders(key, text, clock()) },
      body: text,
    });
    const payload: unknown = await response.json().catch(() => undefined);
    if (response.status === 200) {
      const parsed = v.safeParse(schema, payload);
      if (parsed.success) return parsed.output;
      return { failed: true, status: 502, code: 'wallet.answer.invalid' };
    }
    const error = v.safeParse(errorBodySchema, payload);
    return { failed: true, status: response.status, code: error.success ? error.output.code : `http.${String(response.status)}` };
  }

  return {
    balance: (request) => call('/balance', request, balanceAnswerSchema),
    bet: (request) => call('/bet', request, operationAnswerSchema),
    win: (request) => call('/win', request, operationAnswerSchema),
    rollback: (request) => call('/rollback', request, operationAnswerSchema),
  };
}
