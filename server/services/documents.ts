import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import {
  DOCUMENT_TYPES,
  UPLOAD_CATEGORY_TYPES,
  isListDocumentType,
  requiredDocumentTypes,
  sourceOfWealthCheckApplies,
  uploadSubTypeOf,
  type DocumentType,
  type RejectionReason,
  type UploadCategory,
} from '../../machines/lib/kyc';
import { documentSchema, uploadFieldsSchema, type DocumentsResponse, type KycDocumentView, type UploadResponse, type VerificationResponse } from '../../src/api/documents';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import { fieldErrorsOf, FIELD_CODES, validationError } from '../http/validation';
import type { RateLimit } from '../config';
import { recentDepositMethodIds } from '../repositories/cashier-deposits';
import {
  closeDocumentRequests,
  findPlayerDocument,
  insertDocument,
  lockPlayerDocuments,
  notifyPlayerAttributesChanged,
  playerDocumentRows,
  reviewDocument,
  upsertDocumentRequest,
  findIdentityVerification,
  finishIdentityVerification,
  insertIdentityVerification,
  latestIdentityVerification,
  type DocumentRow,
} from '../repositories/documents';
import { inTransaction } from '../repositories/transaction';
import { currentPlayer } from './account';
import { isDocumentType, kycOfPlayer } from './kyc-level';
import { checkPdf, reencodeImage, sniffDocument } from './document-checks';
import type { DocumentStorage } from './document-storage';
import { countDocumentUpload, DOCUMENT_UPLOADS_PER_PLAYER } from './throttle';

// The players' identity documents (product.md §3 "Documents", "KYC level"; behaviour.md §4
// "Document verification", §5; issue 23 "The platform: documents for real"; the contract is
// src/api/documents.ts, the shared rules machines/lib/kyc.ts):
//
// - a player lists their documents with the KYC level and requestDocumentTypeStatus that follow
//   from them, the operator's requests and the EDD questionnaire;
// - an upload is counted against the per-player rate first (before its body is read), then its
//   file is checked (server/services/document-checks.ts) and stored under a random key
//   (server/services/document-storage.ts); any refusal stores nothing and leaves no file;
// - a file is served back to its owner only;
// - the operator (test mode) accepts or rejects a document with a reason, or requests a type; each
//   change, and each upload, is announced to the player's open pages (PLAYER_ATTRIBUTE_CHANGE on
//   the wallet's live connection) so they refetch, and the cashier's next check answers from it.

export interface DocumentsDeps {
  db: Kysely<Database>;
  clock: () => Date;
  storage: DocumentStorage;
  /** The per-player upload rate (server/services/throttle.ts DOCUMENT_UPLOADS_PER_PLAYER by default). */
  uploadLimits?: readonly RateLimit[] | undefined;
}


function viewOf(row: DocumentRow): KycDocumentView {
  return v.parse(documentSchema, {
    documentId: row.id,
    documentTypeName: row.document_type,
    documentStatus: row.status,
    subType: row.sub_type,
    fileName: row.file_name,
    contentType: row.content_type,
    size: row.byte_size,
    uploadedAt: row.uploaded_at === null ? null : new Date(row.uploaded_at).toISOString(),
    rejectionReason: row.rejection_reason,
  });
}

/** GET /player/documents. */
export async function documentsOfPlayer(deps: Pick<DocumentsDeps, 'db' | 'clock'>, playerId: number): Promise<DocumentsResponse> {
  const player = await currentPlayer(deps, playerId);
  const kyc = await kycOfPlayer(deps.db, player);
  const required = requiredDocumentTypes(kyc.statuses);
  return {
    kycStatus: kyc.kycStatus,
    requestDocumentTypeStatus: kyc.requestDocumentTypeStatus,
    types: DOCUMENT_TYPES.map((type) => ({
      documentTypeName: type,
      documentStatus: kyc.statuses[type],
      requestedSubTypes: kyc.requests.filter((request) => request.documentType === type && request.subType !== null).map((request) => request.subType ?? ''),
    })),
    documents: kyc.rows.map(viewOf),
    depositMethods: await recentDepositMethodIds(deps.db, playerId, 20),
    sourceOfWealthCheck: sourceOfWealthCheckApplies(required.includes('SOURCE_OF_WEALTH') ? required : ['SOURCE_OF_WEALTH'], player.country_code),
  };
}

// ------------------------------------------------------------------------------ upload

/** Counts an upload of the player's against the rate (before its body is read); 429 when full. */
export async function admitUpload(deps: DocumentsDeps, playerId: number): Promise<void> {
  await currentPlayer(deps, playerId);
  await inTransaction(deps.db, (trx) => countDocumentUpload(trx, playerId, deps.clock(), deps.uploadLimits ?? DOCUMENT_UPLOADS_PER_PLAYER));
}

/** An upload as the route received it: its fields, the player's file name and the temporary file. */
export interface ReceivedUpload {
  fields: Record<string, string>;
  fileName: string;
  /** The temporary file with the bytes as sent (removed by storeUpload whatever happens). */
  tempPath: string;
  size: number;
}

/** The upload's category and sub-type, or 400 error.validation. */
export function uploadTargetOf(fields: Record<string, string>): { category: UploadCategory; subType: string | null } {
  const parsed = v.safeParse(uploadFieldsSchema, fields, { abortEarly: false });
  if (!parsed.success) throw validationError(fieldErrorsOf(parsed.issues));
  const sub = uploadSubTypeOf(parsed.output.category, parsed.output.subType ?? null);
  if (!sub.ok) {
    const missing = parsed.output.subType === undefined || parsed.output.subType === '';
    throw validationError([{ field: 'subType', code: missing ? FIELD_CODES.required : FIELD_CODES.invalid }]);
  }
  return { category: parsed.output.category, subType: sub.subType };
}

/**
 * Checks the received file (its kind from its bytes; an image re-encoded, a PDF scanned), stores it
 * under a random key and files the document UNDER_REVIEW. Whatever happens the temporary files go;
 * a refusal stores nothing.
 */
export async function storeUpload(deps: DocumentsDeps, playerId: number, upload: ReceivedUpload): Promise<UploadResponse> {
  const outPath = `${upload.tempPath}.out`;
  let storedKey: string | null = null;
  try {
    const target = uploadTargetOf(upload.fields);
    if (upload.size === 0) throw new HttpError(400, ERROR_CODES.documentEmpty, 'The file is empty.');
    const type = await sniffDocument(upload.tempPath);
    let finalPath = upload.tempPath;
    let size = upload.size;
    if (type === 'application/pdf') {
      await checkPdf(upload.tempPath);
    } else {
      size = await reencodeImage(upload.tempPath, outPath, type);
      finalPath = outPath;
    }
    const player = await currentPlayer(deps, playerId);
    storedKey = await deps.storage.put(finalPath);
    const key = storedKey;
    const now = deps.clock();
    const row = await inTransaction(deps.db, async (trx) => {
      await lockPlayerDocuments(trx, player.id);
      const documentType = UPLOAD_CATEGORY_TYPES[target.category];
      const document = {
        id: randomUUID(),
        player_id: player.id,
        document_type: documentType,
        sub_type: target.subType,
        status: 'UNDER_REVIEW',
        storage_key: key,
        content_type: type,
        byte_size: size,
        file_name: upload.fileName,
        source: 'upload' as const,
        uploaded_at: now,
        updated_at: now,
      };
      await insertDocument(trx, document);
      await notifyPlayerAttributesChanged(trx, player.id);
      return { ...document, rejection_reason: null, reviewed_at: null };
    });
    storedKey = null;
    return { document: viewOf(row) };
  } finally {
    await rm(upload.tempPath, { force: true });
    await rm(outPath, { force: true });
    // Stored but not filed (the database refused): the file goes too.
    if (storedKey !== null) await deps.storage.remove(storedKey);
  }
}

// ------------------------------------------------------------------------------ download

export interface DocumentFile {
  stream: Readable;
  size: number;
  contentType: string;
  fileName: string;
}

const documentNotFound = () => new HttpError(404, ERROR_CODES.notFound, 'No such document.');

/** The player's own document's file; another player's, or one without a file, is 404. */
export async function documentFileOf(deps: DocumentsDeps, playerId: number, documentId: string): Promise<DocumentFile> {
  if (!/^[0-9a-f-]{36}$/.test(documentId)) throw documentNotFound();
  const row = await findPlayerDocument(deps.db, playerId, documentId);
  if (!row || row.storage_key === null || row.content_type === null) throw documentNotFound();
  const opened = await deps.storage.open(row.storage_key);
  if (!opened) throw documentNotFound();
  const extension = row.content_type === 'application/pdf' ? 'pdf' : (row.content_type.split('/')[1] ?? 'bin');
  return { ...opened, contentType: row.content_type, fileName: `${row.document_type.toLowerCase()}-${row.id.slice(0, 8)}.${extension === 'jpeg' ? 'jpg' : extension}` };
}

// ------------------------------------------------------------------------------ the operator

export type ReviewDecision = { decision: 'accept' } | { decision: 'reject'; reason: RejectionReason };

/**
 * The operator accepts a document (VERIFIED; the requests it answers close) or rejects it with a
 * reason (REQUESTED again: the player sends a new one). Announced to the player's pages.
 */
export async function reviewPlayerDocument(deps: Pick<DocumentsDeps, 'db' | 'clock'>, playerId: number, documentId: string, review: ReviewDecision): Promise<KycDocumentView> {
  return inTransaction(deps.db, async (trx) => {
    await lockPlayerDocuments(trx, playerId);
    const row = await findPlayerDocument(trx, playerId, documentId);
    if (!row) throw documentNotFound();
    const now = deps.clock();
    if (review.decision === 'accept') {
      await reviewDocument(trx, row.id, { status: 'VERIFIED', rejection_reason: null, reviewed_at: now });
      // A single type's request is answered by any document of it; a list type's by its method.
      await closeDocumentRequests(trx, playerId, row.document_type, isDocumentType(row.document_type) && isListDocumentType(row.document_type) ? row.sub_type : null);
    } else {
      await reviewDocument(trx, row.id, { status: 'REQUESTED', rejection_reason: review.reason, reviewed_at: now });
    }
    await notifyPlayerAttributesChanged(trx, playerId);
    const updated = await findPlayerDocument(trx, playerId, documentId);
    if (!updated) throw documentNotFound();
    return viewOf(updated);
  });
}

/** Test mode: the player's newest document under review (of `documentType` when given), or 404. */
export async function newestDocumentUnderReview(deps: Pick<DocumentsDeps, 'db' | 'clock'>, playerId: number, documentType?: DocumentType): Promise<string> {
  const rows = await playerDocumentRows(deps.db, playerId);
  const found = rows.find((row) => row.status === 'UNDER_REVIEW' && (documentType === undefined || row.document_type === documentType));
  if (!found) throw documentNotFound();
  return found.id;
}

/** The operator asks the player for a document type (a proof of payment may name its deposit method). */
export async function requestPlayerDocument(
  deps: Pick<DocumentsDeps, 'db' | 'clock'>,
  playerId: number,
  documentType: Exclude<DocumentType, 'EDD_QUESTIONNAIRE'>,
  subType: string | null,
): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    await lockPlayerDocuments(trx, playerId);
    await upsertDocumentRequest(trx, playerId, documentType, subType ?? '', deps.clock());
    await notifyPlayerAttributesChanged(trx, playerId);
  });
}

// ------------------------------------------------------------------------------ the identity provider

/** The latest provider session of the player's (GET /player/documents/verification). */
export async function verificationOf(deps: Pick<DocumentsDeps, 'db' | 'clock'>, playerId: number): Promise<VerificationResponse> {
  await currentPlayer(deps, playerId);
  const row = await latestIdentityVerification(deps.db, playerId);
  if (!row) return { state: 'NONE', category: null };
  return { state: row.state as VerificationResponse['state'], category: row.category === 'POA' ? 'POA' : 'ID' };
}

/** Opens a provider session for the player: its id, for the provider's page. */
export async function startVerification(deps: Pick<DocumentsDeps, 'db' | 'clock'>, playerId: number, category: 'ID' | 'POA'): Promise<string> {
  const player = await currentPlayer(deps, playerId);
  const id = randomUUID();
  await insertIdentityVerification(deps.db, { id, player_id: player.id, category, state: 'STARTED', created_at: deps.clock() });
  return id;
}

/**
 * The provider's answer (its signature already checked): the session closes once; an approval
 * files a VERIFIED document of its category (no file: the provider keeps the scan) and closes the
 * requests of that type; the player's pages hear of it. A session unknown or already closed is
 * 409 error.verification.session_invalid.
 */
export async function completeVerification(deps: Pick<DocumentsDeps, 'db' | 'clock'>, sessionId: string, result: 'APPROVED' | 'REJECTED'): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    const session = await findIdentityVerification(trx, sessionId);
    if (!session) throw verificationInvalid();
    await lockPlayerDocuments(trx, session.player_id);
    const now = deps.clock();
    if (!(await finishIdentityVerification(trx, session.id, result, now))) throw verificationInvalid();
    if (result === 'APPROVED') {
      const documentType = session.category === 'POA' ? 'PROOF_OF_ADDRESS' : 'PROOF_OF_ID';
      await insertDocument(trx, {
        id: randomUUID(),
        player_id: session.player_id,
        document_type: documentType,
        sub_type: null,
        status: 'VERIFIED',
        storage_key: null,
        content_type: null,
        byte_size: null,
        file_name: null,
        source: 'provider',
        uploaded_at: now,
        updated_at: now,
      });
      await closeDocumentRequests(trx, session.player_id, documentType, null);
    }
    await notifyPlayerAttributesChanged(trx, session.player_id);
  });
}

const verificationInvalid = () => new HttpError(409, ERROR_CODES.verificationSessionInvalid, 'This verification session is unknown or finished.');
