import * as v from 'valibot';
import {
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  KYC_LEVELS,
  REJECTION_REASONS,
  UPLOAD_CATEGORIES,
  type UploadCategory,
} from '../../machines/lib/kyc';
import { request, requestFile, sendForm, type UploadProgress } from './client';
import { FIELD_CODES } from './errors';

// The documents' contract (product.md §3 "Documents", "KYC level"; behaviour.md §4 "Document
// verification", §7 "/player/documents", "/player/documents/verification", "Verification resource:
// POST and GET"). The platform (server/routes/documents.ts) answers these shapes and parses the
// upload's fields with uploadFieldsSchema; the app parses every answer. The rules are
// machines/lib/kyc.ts.
//
//   GET  /player/documents                      -> DocumentsResponse (the player's documents, KYC level, requestDocumentTypeStatus)
//   POST /player/documents                      multipart/form-data: category (ID|POA|POP|SOW|OTHER),
//                                               subType (POA: its type, SOW: its code, POP: the deposit
//                                               method, ID: optional kind), then file (one) -> { document }
//   GET  /player/documents/{documentId}/file    -> the file, as an attachment (only the owner's; another's is 404)
//   POST /player/documents/verification         { category, returnPath? } -> { redirectUrl } (the identity provider's page)
//   GET  /player/documents/verification         -> VerificationResponse (the latest provider session's state)
//   GET  /player/documents/verification/callback?session&result&returnPath&signature  (the provider sends the
//                                               browser here) -> 303 to returnPath?verification=APPROVED|REJECTED;
//                                               an approval files a VERIFIED document of the category
//
// Error codes of the upload (nothing is stored on any of them):
//   400 error.validation (errors: [{ field: 'category' | 'subType', code: validation.required | validation.invalid }])
//   400 error.document.file_missing | 400 error.document.empty | 400 error.document.file_name_invalid
//   413 error.document.too_large | 415 error.document.type_unsupported | 422 error.document.unsafe
//   429 error.document.upload_limit (details.retryAfterSeconds) | 401 / 403 of the session
// The download: 404 error.not_found. The provider: 409 error.verification.session_invalid.

export const documentSchema = v.object({
  documentId: v.string(),
  documentTypeName: v.picklist(DOCUMENT_TYPES),
  documentStatus: v.picklist(DOCUMENT_STATUSES),
  /** POA: its document type; SOW: its code; POP: the deposit method; ID: its kind or null; OTHER: null. */
  subType: v.nullable(v.string()),
  /** The name the player's file had (shown in the list; the file on the platform has another). */
  fileName: v.nullable(v.string()),
  /** The sniffed type of the stored file (image/jpeg, image/png, image/webp, application/pdf). */
  contentType: v.nullable(v.string()),
  size: v.nullable(v.number()),
  uploadedAt: v.nullable(v.string()),
  /** Set when the reviewer rejected it: documentStatus is REQUESTED again (send a new one). */
  rejectionReason: v.nullable(v.picklist(REJECTION_REASONS)),
});
export type KycDocumentView = v.InferOutput<typeof documentSchema>;

export const documentTypeStateSchema = v.object({
  documentTypeName: v.picklist(DOCUMENT_TYPES),
  documentStatus: v.picklist(DOCUMENT_STATUSES),
  /** The deposit methods an open request names (proof of payment); empty otherwise. */
  requestedSubTypes: v.array(v.string()),
});

export const documentsResponseSchema = v.object({
  kycStatus: v.picklist(KYC_LEVELS),
  /** product.md §3: the types with their statuses, `TYPE:STATUS` comma-separated (machines/lib/kyc.ts). */
  requestDocumentTypeStatus: v.string(),
  types: v.array(documentTypeStateSchema),
  /** Newest first. */
  documents: v.array(documentSchema),
  /** The deposit methods the player has used (one proof of payment each). */
  depositMethods: v.array(v.string()),
  /** Whether the source-of-wealth check applies to this player (behaviour.md §5). */
  sourceOfWealthCheck: v.boolean(),
});
export type DocumentsResponse = v.InferOutput<typeof documentsResponseSchema>;

export const uploadResponseSchema = v.object({ document: documentSchema });
export type UploadResponse = v.InferOutput<typeof uploadResponseSchema>;

/** The upload's text fields, as the platform reads them (before the file). */
export const uploadFieldsSchema = v.strictObject(
  {
    category: v.picklist(UPLOAD_CATEGORIES, FIELD_CODES.invalid),
    subType: v.optional(v.pipe(v.string(), v.maxLength(64, FIELD_CODES.tooLong))),
  },
  FIELD_CODES.invalid,
);

export const verificationStartSchema = v.strictObject(
  {
    category: v.picklist(['ID', 'POA'] as const, FIELD_CODES.invalid),
    /** The site's path the provider sends the player back to (a same-site path; `/` by default), with ?verification=APPROVED|REJECTED. */
    returnPath: v.optional(v.pipe(v.string(), v.maxLength(512, FIELD_CODES.tooLong))),
  },
  FIELD_CODES.invalid,
);
export type VerificationStart = v.InferOutput<typeof verificationStartSchema>;
export const verificationStartResponseSchema = v.object({ redirectUrl: v.string() });
export type VerificationStartResponse = v.InferOutput<typeof verificationStartResponseSchema>;

export const VERIFICATION_STATES = ['NONE', 'STARTED', 'APPROVED', 'REJECTED'] as const;
export const verificationResponseSchema = v.object({
  state: v.picklist(VERIFICATION_STATES),
  category: v.nullable(v.picklist(['ID', 'POA'] as const)),
});
export type VerificationResponse = v.InferOutput<typeof verificationResponseSchema>;

export const DOCUMENTS_PATH = '/player/documents';
export const VERIFICATION_PATH = '/player/documents/verification';

/** What the player uploads. */
export interface UploadInput {
  category: UploadCategory;
  subType?: string | null | undefined;
  file: Blob;
  /** The file's name (a File's own when not given). */
  fileName?: string | undefined;
}

export interface UploadOptions {
  onProgress?: UploadProgress | undefined;
  signal?: AbortSignal | undefined;
}

/** The path of a document's file. */
export function documentFilePath(documentId: string): string {
  return `${DOCUMENTS_PATH}/${encodeURIComponent(documentId)}/file`;
}

export const documentsApi = {
  list: (signal?: AbortSignal): Promise<DocumentsResponse> => request(DOCUMENTS_PATH, documentsResponseSchema, { auth: true, signal }),

  /** Uploads one file: the fields first, then the file (the platform reads them in that order). */
  upload: async (input: UploadInput, options: UploadOptions = {}): Promise<UploadResponse> => {
    const form = new FormData();
    form.append('category', input.category);
    if (input.subType !== undefined && input.subType !== null && input.subType !== '') form.append('subType', input.subType);
    const name = input.fileName ?? (input.file instanceof File ? input.file.name : 'document');
    form.append('file', input.file, name);
    return sendForm(DOCUMENTS_PATH, uploadResponseSchema, form, options);
  },

  /** A document's file (the id token authorises it: the app saves the Blob with the name given). */
  download: (documentId: string, signal?: AbortSignal): Promise<{ blob: Blob; fileName: string | null }> => requestFile(documentFilePath(documentId), { signal }),

  startVerification: (body: VerificationStart, signal?: AbortSignal): Promise<VerificationStartResponse> =>
    request(VERIFICATION_PATH, verificationStartResponseSchema, { method: 'POST', body, auth: true, signal }),

  verification: (signal?: AbortSignal): Promise<VerificationResponse> => request(VERIFICATION_PATH, verificationResponseSchema, { auth: true, signal }),
};

/** The brief's name for the upload call. */
export const uploadDocument = documentsApi.upload;
