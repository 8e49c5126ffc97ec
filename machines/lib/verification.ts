// The upload flow's and the verification modal's own types and rules (machines/verification.machine.ts,
// machines/verificationModal.machine.ts). The spec's lists (statuses, types, categories, tabs, codes)
// and the KYC rules are machines/lib/kyc.ts; this file only says how the flow reads them. Pure.
import type { DocumentsResponse, UploadResponse } from '../../src/api/documents';
import { ERROR_CODES } from './errorCodes';
import { isListDocumentType, UPLOAD_CATEGORIES, UPLOAD_CATEGORY_TABS, UPLOAD_CATEGORY_TYPES, type DocumentStatus, type UploadCategory, type UploadTab } from './kyc';

/**
 * product.md §2 "A verification flow can open as a modal from the account page, the deposit page or
 * modal, and the withdraw page or modal"; the verification tab is a start point of its own.
 */
export type VerificationStartPoint = 'account' | 'verification' | 'deposit' | 'withdraw';

/** The file the player chose, as the machine reads it (a browser File has these). */
export interface ChosenFile {
  name: string;
  size: number;
  type: string;
}

/** The player's documents and KYC level (GET /player/documents, src/api/documents.ts). */
export type DocumentsLoad = DocumentsResponse;

/** What an upload sends (src/api/documents.ts UploadInput without the browser's Blob). */
export interface UploadRequest {
  category: UploadCategory;
  file: ChosenFile;
  /** The proof of address's document type, the source of wealth's code, the proof of payment's deposit method. */
  subType: string | null;
}

/** What the platform answers to an upload: the document stored. */
export type UploadedDocument = UploadResponse['document'];

/** The upload refusals the flow tells apart (src/api/documents.ts; machines/lib/errorCodes.ts): each has its own text. */
export const DOCUMENT_UPLOAD_ERROR_CODES = [
  ERROR_CODES.documentFileMissing,
  ERROR_CODES.documentEmpty,
  ERROR_CODES.documentTooLarge,
  ERROR_CODES.documentFileNameInvalid,
  ERROR_CODES.documentTypeUnsupported,
  ERROR_CODES.documentUnsafe,
  ERROR_CODES.documentUploadLimit,
] as const;
export type DocumentUploadErrorCode = (typeof DOCUMENT_UPLOAD_ERROR_CODES)[number];

/** behaviour.md §4 "Each step maps to a tab". */
export function tabOfStep(step: UploadCategory | null): UploadTab {
  return step === null ? 'account' : UPLOAD_CATEGORY_TABS[step];
}

/** behaviour.md §4: a proof of address and a source of wealth have a document type selection. */
export function needsDocumentType(step: UploadCategory): boolean {
  return step === 'POA' || step === 'SOW';
}

/** product.md §3: a proof of payment is one per deposit method. */
export function needsDepositMethod(step: UploadCategory): boolean {
  return step === 'POP';
}

/** The status of the step's document type, as the platform last said (UNREQUESTED when it names none). */
export function stepStatus(load: Pick<DocumentsLoad, 'types'>, step: UploadCategory): DocumentStatus {
  const type = UPLOAD_CATEGORY_TYPES[step];
  return load.types.find((state) => state.documentTypeName === type)?.documentStatus ?? 'UNREQUESTED';
}

/** The steps the player is asked for now (their type REQUESTED or EXPIRED), in the order of the upload categories. */
export function requestedSteps(load: Pick<DocumentsLoad, 'types'>): UploadCategory[] {
  return UPLOAD_CATEGORIES.filter((step) => {
    const status = stepStatus(load, step);
    return status === 'REQUESTED' || status === 'EXPIRED';
  });
}

/**
 * Whether the step has nothing to upload: its (single) document is under review or verified. A
 * list type (payment, other) always takes one more.
 */
export function stepIsUploaded(load: Pick<DocumentsLoad, 'types'>, step: UploadCategory): boolean {
  if (isListDocumentType(UPLOAD_CATEGORY_TYPES[step])) return false;
  const status = stepStatus(load, step);
  return status === 'UNDER_REVIEW' || status === 'VERIFIED';
}
