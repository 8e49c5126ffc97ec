import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import {
  WALLET_SIGNATURE_HEADER,
  balanceAnswerSchema,
  operationAnswerSchema,
  type BalanceAnswer,
  type GameOperationRequest,
  type OperationAnswer,
  type RollbackRequest,
} from '../../contract/provider-wallet';
import type { Database } from '../../db/schema';
import { createErrorHandler } from '../../http/errors';
import { redactError } from '../../http/redact';
import { signWalletBody } from '../../platform/game-wallet-secret';
import { providerWalletRoutes } from '../../routes/provider-wallet';

// The demo provider's side of the seamless wallet (server/contract/provider-wallet.ts; issue 11):
// real-money rounds are a BET and, when they win, a WIN, each with the provider's transaction id as
// its idempotency key (and a live bet whose BET's answer never came back is voided by a ROLLBACK). The provider speaks the contract exactly as a remote provider does (the JSON
// body signed with HMAC-SHA256 in X-Wallet-Signature, the answers parsed with the contract's
// schemas) but in-process, through its own instance of the wallet's routes
// (server/routes/provider-wallet.ts) on the same database: a simulated provider running inside the
// platform has no network address of the platform to call (tests run the app without a port), and
// a hop through localhost would add nothing the signature and the contract do not already check.
// The postings notify the live balance as any other (server/platform/wallet-events.ts).

/** The provider's name in the wallet (its transaction ids are unique per provider). */
export const DEMO_WALLET_PROVIDER = 'aurora-demo';

/** A wallet call that did not answer: its HTTP status and code (404 wallet not found, 409 idempotency conflict, ...). */
export interface WalletFailure {
  failed: true;
  status: number;
  code: string;
}

export interface DemoWallet {
  balance(playerId: number): Promise<BalanceAnswer | WalletFailure>;
  operation(kind: 'bet' | 'win', request: Omit<GameOperationRequest, 'provider'>): Promise<OperationAnswer | WalletFailure>;
  /** Voids a bet (a live bet whose BET's answer never came back: play.ts). */
  rollback(request: Omit<RollbackRequest, 'provider'>): Promise<OperationAnswer | WalletFailure>;
}

export function isWalletFailure(answer: object): answer is WalletFailure {
  return 'failed' in answer;
}

const errorBodySchema = v.object({ code: v.string() });

export function inProcessWallet(options: { db: Kysely<Database>; clock: () => Date; secret: () => Promise<string> }): DemoWallet {
  const { db, clock, secret } = options;
  let routes: Hono | undefined;
  const walletApp = async (): Promise<Hono> => {
    if (routes) return routes;
    const key = await secret();
    const app = new Hono();
    app.route('/', providerWalletRoutes({ db, clock, secret: key }));
    app.onError(createErrorHandler((message, error) => console.error(`demo provider wallet: ${message}`, redactError(error))));
    routes = app;
    return app;
  };

  async function call<TSchema extends v.GenericSchema>(path: string, body: object, schema: TSchema): Promise<v.InferOutput<TSchema> | WalletFailure> {
    const text = JSON.stringify(body);
    const response = await (await walletApp()).request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [WALLET_SIGNATURE_HEADER]: signWalletBody(await secret(), text) },
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
    balance: (playerId) => call('/balance', { provider: DEMO_WALLET_PROVIDER, playerId }, balanceAnswerSchema),
    operation: (kind, request) => call(`/${kind}`, { provider: DEMO_WALLET_PROVIDER, ...request }, operationAnswerSchema),
    rollback: (request) => call('/rollback', { provider: DEMO_WALLET_PROVIDER, ...request }, operationAnswerSchema),
  };
}
