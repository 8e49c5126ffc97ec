import type { Kysely } from 'kysely';
import { BONUS_VERTICALS, formatMoney, isCurrency } from '../../machines/lib/wallet';
import type { WalletResponse } from '../../src/api/wallet';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import { balancesFrom, fromCents, playerAccounts, type PlayerBalances } from './ledger';
import { walletSnapshot } from '../repositories/wallets';

/** The live balance's channel (server/http/wallet-live.ts listens on it). */
export { WALLET_CHANGED_CHANNEL } from '../repositories/wallet-events';

// The player's wallet (behaviour.md §4 "Wallet", §7 "Wallet and banking"; product.md §3 "Wallet"):
// the balance map in the account currency and the version every posting increments. The live
// connection (server/http/wallet-live.ts) pushes readWallet's answer after each posting.

/** An amount in cents as the wire writes it in this currency ("12.50"; JPY and CLP "1500"). */
export function wireMoney(cents: bigint, currency: string): string {
  return isCurrency(currency) ? formatMoney(Number(cents), currency) : fromCents(cents);
}

/** product.md §3 "Wallet": the balance map of these balances. */
export function walletResponseOf(currency: string, version: number, balances: PlayerBalances): WalletResponse {
  return {
    currency,
    version,
    balanceMap: {
      MAIN: { cash: wireMoney(balances.MAIN, currency) },
      LOCKED: { cash: wireMoney(balances.LOCKED, currency) },
      BONUS: BONUS_VERTICALS.map((vertical) => ({ vertical, bonus: wireMoney(balances.BONUS[vertical], currency) })),
    },
  };
}

/**
 * The player's wallet as GET /player/wallet answers it (and the live connection pushes it), read in
 * one statement so that the version and the balances belong together; null when the player has no
 * wallet (behaviour.md §8: a wallet 404 means the player has no wallet).
 */
export async function readWallet(db: Kysely<Database>, playerId: number): Promise<WalletResponse | null> {
  const accounts = playerAccounts(playerId);
  const snapshot = await walletSnapshot(db, playerId, [accounts.MAIN, accounts.LOCKED, ...BONUS_VERTICALS.map((vertical) => accounts.BONUS[vertical])]);
  if (!snapshot) return null;
  return walletResponseOf(snapshot.currency, snapshot.version, balancesFrom(playerId, snapshot.totals));
}

export const walletNotFound = (): HttpError => new HttpError(404, ERROR_CODES.walletNotFound, 'This player has no wallet.');

/** GET /player/wallet: 404 error.wallet.not_found when the player has none. */
export async function walletOf(db: Kysely<Database>, playerId: number): Promise<WalletResponse> {
  const wallet = await readWallet(db, playerId);
  if (!wallet) throw walletNotFound();
  return wallet;
}
