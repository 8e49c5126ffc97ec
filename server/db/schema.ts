import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

// The database as Kysely sees it. One interface per table; later issues add players, wallet
// ledger entries, ... as new migrations and new interfaces here.

/** A JSON value as the drivers return it: PGlite and `pg` both parse jsonb into objects. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * jsonb columns are written as a JSON string (both drivers pass a string through unchanged and
 * PostgreSQL parses it) and read back as the parsed value.
 */
export type JsonColumn = ColumnType<JsonValue, string, string>;

export interface PlatformSettingsTable {
  key: string;
  value: JsonColumn;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface ContentDocumentsTable {
  id: Generated<number>;
  site_id: number;
  market: string;
  language: string;
  /** page | footer | seo | terms-versions (server/content/documents.ts). */
  kind: string;
  key: string;
  body: JsonColumn;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface Database {
  platform_settings: PlatformSettingsTable;
  content_documents: ContentDocumentsTable;
}

export type ContentDocumentRow = Selectable<ContentDocumentsTable>;
export type NewContentDocument = Insertable<ContentDocumentsTable>;
