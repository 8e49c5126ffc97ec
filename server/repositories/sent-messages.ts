import type { Insertable, Kysely } from 'kysely';
import type { Database, SentMessagesTable } from '../db/schema';

// The outbox (`sent_messages`): every message sent, as server/services/messages.ts records it.

export async function insertSentMessage(db: Kysely<Database>, row: Insertable<SentMessagesTable>): Promise<void> {
  await db.insertInto('sent_messages').values(row).execute();
}

/** The code of the last message with a code sent to this (normalised) destination, or null. */
export async function lastCodeSentToDestination(db: Kysely<Database>, destination: string): Promise<string | null> {
  const row = await db
    .selectFrom('sent_messages')
    .select('code')
    .where('destination', '=', destination)
    .where('code', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.code ?? null;
}
