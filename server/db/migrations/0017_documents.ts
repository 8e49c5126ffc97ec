import { sql, type Kysely } from 'kysely';

// The players' identity documents (product.md §3 "Documents"; behaviour.md §4 "Document
// verification"; issue 23). server/repositories/documents.ts holds the SQL, server/services/documents.ts
// the rules, machines/lib/kyc.ts the shared lists and the derived statuses.
//
// `player_documents`: one row per document the player sent (or that the identity provider filed).
// The file lives in the document storage (server/services/document-storage.ts) under `storage_key`,
// a random name: the player's own file name is kept here only to show it back (`file_name`). A
// rejected document is REQUESTED again with its `rejection_reason`.
// `player_document_requests`: the operator's open requests for a document type (a proof of payment
// may name its deposit method in `sub_type`, '' otherwise); one per type and sub-type, removed when a
// document of that type is verified.
// `identity_verifications`: the simulated identity-verification provider's sessions (started,
// approved or rejected), each closed once by the provider's signed callback.
// The names are the lists of machines/lib/kyc.ts written out: a migration that has shipped never
// changes, even if the lists do.

const TYPES = ['PROOF_OF_ID', 'PROOF_OF_ADDRESS', 'PROOF_OF_PAYMENT', 'SOURCE_OF_WEALTH', 'EDD_QUESTIONNAIRE', 'OTHER'];
const STATUSES = ['UNREQUESTED', 'REQUESTED', 'UNDER_REVIEW', 'VERIFIED', 'EXPIRED'];
const VERIFICATION_STATES = ['STARTED', 'APPROVED', 'REJECTED'];
const oneOf = (column: string, values: readonly string[]) => sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('player_documents')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('document_type', 'text', (col) => col.notNull().check(oneOf('document_type', TYPES)))
    .addColumn('sub_type', 'text')
    .addColumn('status', 'text', (col) => col.notNull().check(oneOf('status', STATUSES)))
    .addColumn('rejection_reason', 'text')
    .addColumn('storage_key', 'text')
    .addColumn('content_type', 'text')
    .addColumn('byte_size', 'integer')
    .addColumn('file_name', 'text')
    .addColumn('source', 'text', (col) => col.notNull().defaultTo('upload'))
    .addColumn('uploaded_at', 'timestamptz')
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('player_documents_player').on('player_documents').columns(['player_id', 'updated_at']).execute();

  await db.schema
    .createTable('player_document_requests')
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('document_type', 'text', (col) => col.notNull().check(oneOf('document_type', TYPES)))
    .addColumn('sub_type', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('requested_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('player_document_requests_pkey', ['player_id', 'document_type', 'sub_type'])
    .execute();

  await db.schema
    .createTable('identity_verifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('category', 'text', (col) => col.notNull().check(oneOf('category', ['ID', 'POA'])))
    .addColumn('state', 'text', (col) => col.notNull().check(oneOf('state', VERIFICATION_STATES)))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('identity_verifications_player').on('identity_verifications').columns(['player_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('identity_verifications').execute();
  await db.schema.dropTable('player_document_requests').execute();
  await db.schema.dropTable('player_documents').execute();
}
