import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { expect } from 'vitest';
import { DAY_MS } from '../../../machines/lib/constants';
import type { BonusVertical } from '../../../machines/lib/wallet';
import { claimResponseSchema, type Reward } from '../../../src/api/bonuses';
import { depositRequestResponseSchema } from '../../../src/api/wallet';
import type { createApp } from '../../../server/app';
import type { Database, PlayerStatus } from '../../../server/db/schema';
import { bearer } from './identity';
import { json } from './platform';
import { newKey, playerCall, walletOf, type WalletPlayer } from './wallet';

// Helpers of the bonus engine's server tests (issue 24).

/**
 * The books balance: every currency's ledger entries sum to zero (double entry, so money is
 * conserved by every bonus credit, forfeit, expiry and conversion), and no player account is below
 * zero (its newest running total).
 */
export async function expectBooksBalanced(db: Kysely<Database>): Promise<void> {
  const sums = await db.selectFrom('ledger_entries').select(['currency', (eb) => eb.fn.sum<string>('amount').as('sum')]).groupBy('currency').execute();
  for (const row of sums) expect(Number(row.sum), `entries in ${row.currency}`).toBe(0);
  const negative = await db
    .selectFrom('ledger_entries')
    .select(['account', 'balance_after'])
    .where('account', 'like', 'player:%')
    .where('balance_after', '<', '0')
    .execute();
  expect(negative).toEqual([]);
}

/** A deposit through the cashier and the simulated provider's page (approved), with the bonus chosen. */
export async function depositWithBonus(app: ReturnType<typeof createApp>, player: WalletPlayer, amount: string, selectedBonusId?: string): Promise<void> {
  const response = await playerCall(app, player.token, '/deposit/request', {
    amount,
    methodId: 'trustly',
    idempotencyKey: newKey('dep'),
    returnPath: '/fi-FI/deposit',
    ...(selectedBonusId === undefined ? {} : { selectedBonusId }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const requested = v.parse(depositRequestResponseSchema, await json(response));
  expect(requested.result).toBe('SUCCESS');
  const paid = await app.request('/api/payment-simulator/pay', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ payment: requested.depositId ?? '', action: 'approve' }).toString(),
  });
  expect(paid.status).toBeLessThan(400);
}

/** A call of the player's bonus API (`/api/player/bonus<path>`, src/api/bonuses.ts) with the player's id token, a JSON body when given. */
export function bonusCall(app: ReturnType<typeof createApp>, token: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<Response> {
  return Promise.resolve(
    app.request(`/api/player/bonus${path}`, {
      method,
      headers: { ...bearer(token), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
}

/** A 200 answer parsed with the contract's schema. */
export async function ok<T extends v.GenericSchema>(response: Response, schema: T): Promise<v.InferOutput<T>> {
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(schema, await json(response));
}

/** A claim's answer that must be ACTIVATED: its reward. */
export async function activated(response: Response): Promise<Reward> {
  const answer = await ok(response, claimResponseSchema);
  if (answer.outcome !== 'ACTIVATED') throw new Error(`Expected ACTIVATED, got ${answer.outcome}`);
  return answer.reward;
}

/** The player's bonus money in a vertical, as the wallet call answers it. */
export async function bonusOf(app: ReturnType<typeof createApp>, player: WalletPlayer, vertical: BonusVertical): Promise<string | undefined> {
  return (await walletOf(app, player.token)).balanceMap.BONUS.find((entry) => entry.vertical === vertical)?.bonus;
}

/** A player's account status as an operator sets it (a time-out of a day, a self-exclusion of 30 days). */
export async function setPlayerStatus(db: Kysely<Database>, playerId: number, status: PlayerStatus, now: Date): Promise<void> {
  await db
    .updateTable('players')
    .set({
      status,
      timeout_until: status === 'TIMEOUT' ? new Date(now.getTime() + DAY_MS) : null,
      exclusion_until: status === 'SELF_EXCLUDED' ? new Date(now.getTime() + 30 * DAY_MS) : null,
    })
    .where('id', '=', playerId)
    .execute();
}
