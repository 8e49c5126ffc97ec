import { sql } from 'kysely';

// Every posting on a player's accounts tells the platform processes that the player's wallet
// changed (issue 11 "Live balance"): a PostgreSQL NOTIFY on WALLET_CHANGED_CHANNEL with the player's
// id. Called inside the posting's database transaction, the notice is delivered on commit and only
// then (a rolled-back posting notifies nobody), to every process LISTENing on the same database
// (PostgreSQL with DATABASE_URL, or PGlite's own LISTEN/NOTIFY in the single-process default).
// server/http/wallet-live.ts listens and pushes the new balance to the player's sockets.

export const WALLET_CHANGED_CHANNEL = 'wallet_changed';

/**
 * The notice that `playerId`'s wallet changed, as an expression for the posting's own statement (the
 * version bump): sent inside the posting's transaction, delivered on commit.
 */
export function walletChangedNotice(playerId: number) {
  return sql`pg_notify(${WALLET_CHANGED_CHANNEL}, ${String(playerId)})`;
}
