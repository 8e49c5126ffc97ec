import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, IdentityVerificationsTable, PlayerDocumentsTable } from '../db/schema';

// SQL over the players' documents, the operator's requests for them and the identity provider's
// sessions (migration 0017). The rules are server/services/documents.ts's (machines/lib/kyc.ts).

/** The channel a player's KYC change is announced on (server/http/wallet-live.ts pushes PLAYER_ATTRIBUTE_CHANGE). */
export const PLAYER_ATTRIBUTES_CHANNEL = 'player_attributes_changed';

export type DocumentRow = Selectable<PlayerDocumentsTable>;

/** A new document: not reviewed yet, uploaded now, by the player or the identity provider. */
export type NewDocumentRow = Omit<DocumentRow, 'rejection_reason' | 'reviewed_at' | 'source' | 'uploaded_at'> & { source: 'upload' | 'provider'; uploaded_at: Date };

export interface DocumentRequestRow {
  document_type: string;
  sub_type: string;
  requested_at: Date;
}

/** The player's documents, newest first. */
export function playerDocumentRows(db: Kysely<Database>, playerId: number): Promise<DocumentRow[]> {
  return db.selectFrom('player_documents').selectAll().where('player_id', '=', playerId).orderBy('updated_at', 'desc').orderBy('id').execute();
}

/** One document of the player's (undefined: none, or another player's). */
export function findPlayerDocument(db: Kysely<Database>, playerId: number, documentId: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('player_documents').selectAll().where('player_id', '=', playerId).where('id', '=', documentId).executeTakeFirst();
}

export async function insertDocument(db: Kysely<Database>, row: NewDocumentRow): Promise<void> {
  await db.insertInto('player_documents').values(row).execute();
}

/** Sets a document's status (and the rejection's reason, null otherwise) after a review. */
export async function reviewDocument(
  db: Kysely<Database>,
  documentId: string,
  change: { status: string; rejection_reason: string | null; reviewed_at: Date },
): Promise<void> {
  await db
    .updateTable('player_documents')
    .set({ status: change.status, rejection_reason: change.rejection_reason, reviewed_at: change.reviewed_at, updated_at: change.reviewed_at })
    .where('id', '=', documentId)
    .execute();
}

/** The operator's open requests of the player. */
export function documentRequestRows(db: Kysely<Database>, playerId: number): Promise<DocumentRequestRow[]> {
  return db.selectFrom('player_document_requests').select(['document_type', 'sub_type', 'requested_at']).where('player_id', '=', playerId).execute();
}

/** Opens a request (asked again: from now). */
export async function upsertDocumentRequest(db: Kysely<Database>, playerId: number, documentType: string, subType: string, now: Date): Promise<void> {
  await db
    .insertInto('player_document_requests')
    .values({ player_id: playerId, document_type: documentType, sub_type: subType, requested_at: now })
    .onConflict((conflict) => conflict.columns(['player_id', 'document_type', 'sub_type']).doUpdateSet({ requested_at: now }))
    .execute();
}

/** Closes the requests a verified document of `documentType` answers (those naming its sub-type, and those naming none). */
export async function closeDocumentRequests(db: Kysely<Database>, playerId: number, documentType: string, subType: string | null): Promise<void> {
  await db
    .deleteFrom('player_document_requests')
    .where('player_id', '=', playerId)
    .where('document_type', '=', documentType)
    .where((eb) => (subType === null ? eb.val(true) : eb.or([eb('sub_type', '=', ''), eb('sub_type', '=', subType)])))
    .execute();
}

/** Serialises the uploads and reviews of one player until the transaction ends. */
export async function lockPlayerDocuments(trx: Kysely<Database>, playerId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`documents:${String(playerId)}`}))`.execute(trx);
}

/** Announces that the player's KYC changed: delivered on commit to every process that LISTENs. */
export async function notifyPlayerAttributesChanged(db: Kysely<Database>, playerId: number): Promise<void> {
  await sql`select pg_notify(${PLAYER_ATTRIBUTES_CHANNEL}, ${String(playerId)})`.execute(db);
}

// ------------------------------------------------------------------ the identity provider's sessions

export type IdentityVerificationRow = Selectable<IdentityVerificationsTable>;

export async function insertIdentityVerification(db: Kysely<Database>, row: Omit<IdentityVerificationRow, 'finished_at'>): Promise<void> {
  await db.insertInto('identity_verifications').values({ ...row, finished_at: null }).execute();
}

export function findIdentityVerification(db: Kysely<Database>, id: string): Promise<IdentityVerificationRow | undefined> {
  return db.selectFrom('identity_verifications').selectAll().where('id', '=', id).executeTakeFirst();
}

export function latestIdentityVerification(db: Kysely<Database>, playerId: number): Promise<IdentityVerificationRow | undefined> {
  return db.selectFrom('identity_verifications').selectAll().where('player_id', '=', playerId).orderBy('created_at', 'desc').orderBy('id').limit(1).executeTakeFirst();
}

/** Closes a started session once: false when it was not STARTED (used, or another answer won). */
export async function finishIdentityVerification(db: Kysely<Database>, id: string, state: 'APPROVED' | 'REJECTED', now: Date): Promise<boolean> {
  const result = await db
    .updateTable('identity_verifications')
    .set({ state, finished_at: now })
    .where('id', '=', id)
    .where('state', '=', 'STARTED')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
