// Identity verification's shared rules (product.md §3 "KYC level", "Documents"; behaviour.md §4
// "Document verification", §5 "KYC needs no action ...", "The source-of-wealth check applies ...").
// One rule set, written once: the upload and verification machines, the screens, the contract
// (src/api/documents.ts) and the platform (server/services/documents.ts, server/services/cashier.ts)
// read it. Pure data and functions.
//
// The model (the spec names the values; how they follow from each other is this platform's choice,
// written down here):
// - A player has documents, each of one type with a status. Payment and other documents are lists
//   (one proof of payment per deposit method, product.md §3); the other types keep their latest.
// - A document type's status (the `requestDocumentTypeStatus` list) follows from the player's
//   documents of that type and the operator's open requests for it (documentTypeStatus).
// - The KYC level follows from those statuses, the EDD questionnaire's state and the operator's own
//   setting of the player (kycLevelOf): the operator's RESTRICTED, SUSPENDED and NOT_REQUIRED win.

// ------------------------------------------------------------------------------ the spec's lists

/** product.md §3 "Documents": verification status. */
export const DOCUMENT_STATUSES = ['UNREQUESTED', 'REQUESTED', 'UNDER_REVIEW', 'VERIFIED', 'EXPIRED'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** product.md §3 "Documents": types. */
export const DOCUMENT_TYPES = ['PROOF_OF_ID', 'PROOF_OF_ADDRESS', 'PROOF_OF_PAYMENT', 'SOURCE_OF_WEALTH', 'EDD_QUESTIONNAIRE', 'OTHER'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** product.md §3 "Documents": form keys, one per type. */
export const DOCUMENT_FORM_KEYS = {
  PROOF_OF_ID: 'idDocument',
  PROOF_OF_ADDRESS: 'addressDocument',
  PROOF_OF_PAYMENT: 'paymentDocument',
  SOURCE_OF_WEALTH: 'sowDocument',
  EDD_QUESTIONNAIRE: 'eddQuestionnaire',
  OTHER: 'otherDocument',
} as const satisfies Record<DocumentType, string>;
export type DocumentFormKey = (typeof DOCUMENT_FORM_KEYS)[DocumentType];

/** product.md §3 "Documents": short upload categories (the EDD questionnaire is answered, not uploaded). */
export const UPLOAD_CATEGORIES = ['ID', 'POA', 'POP', 'SOW', 'OTHER'] as const;
export type UploadCategory = (typeof UPLOAD_CATEGORIES)[number];

/** The document type each upload category files. */
export const UPLOAD_CATEGORY_TYPES = {
  ID: 'PROOF_OF_ID',
  POA: 'PROOF_OF_ADDRESS',
  POP: 'PROOF_OF_PAYMENT',
  SOW: 'SOURCE_OF_WEALTH',
  OTHER: 'OTHER',
} as const satisfies Record<UploadCategory, DocumentType>;
export type UploadableDocumentType = (typeof UPLOAD_CATEGORY_TYPES)[UploadCategory];

/** product.md §3 "Documents" / behaviour.md §4: upload tabs; each upload step maps to one. */
export const UPLOAD_TABS = ['account', 'id', 'address', 'payment', 'sow', 'other'] as const;
export type UploadTab = (typeof UPLOAD_TABS)[number];

/** behaviour.md §4 "Each step maps to a tab": the tab of each upload category's step. */
export const UPLOAD_CATEGORY_TABS = {
  ID: 'id',
  POA: 'address',
  POP: 'payment',
  SOW: 'sow',
  OTHER: 'other',
} as const satisfies Record<UploadCategory, UploadTab>;

/**
 * product.md §3 "Source-of-wealth codes: bank statement BS, credit card statement CCS, utility bill
 * UB, employment PS, sale of property SP, savings BS, sale of securities SC, inheritance WI,
 * winnings WN, other OT". Savings share BS with the bank statement (a savings account's statement):
 * one code, so the list has nine.
 */
export const SOURCE_OF_WEALTH_CODES = ['BS', 'CCS', 'UB', 'PS', 'SP', 'SC', 'WI', 'WN', 'OT'] as const;
export type SourceOfWealthCode = (typeof SOURCE_OF_WEALTH_CODES)[number];

/**
 * behaviour.md §4 "proof of address (with document type selection)": the documents a proof of
 * address may be. The spec does not list them; these are the ones AML guidance accepts (a utility
 * bill, a bank or card statement, a government letter, a tenancy agreement).
 */
export const PROOF_OF_ADDRESS_TYPES = ['UTILITY_BILL', 'BANK_STATEMENT', 'CREDIT_CARD_STATEMENT', 'GOVERNMENT_LETTER', 'TENANCY_AGREEMENT'] as const;
export type ProofOfAddressType = (typeof PROOF_OF_ADDRESS_TYPES)[number];

/** The identity documents a proof of ID may be (optional sub-type: the ID step has no type selection). */
export const PROOF_OF_ID_TYPES = ['PASSPORT', 'ID_CARD', 'DRIVING_LICENCE'] as const;
export type ProofOfIdType = (typeof PROOF_OF_ID_TYPES)[number];

/**
 * product.md §3 "Rejection reasons: about 30 (bad quality, cropped corners, damaged, ID expired,
 * name mismatch, address mismatch, card numbers not visible, screenshot not original, masked
 * information and others); full wording not shown." The nine named first, then the others the
 * reviewers of identity documents use. The app says each in a sentence that says what to do.
 */
export const REJECTION_REASONS = [
  'BAD_QUALITY',
  'CROPPED_CORNERS',
  'DAMAGED',
  'ID_EXPIRED',
  'NAME_MISMATCH',
  'ADDRESS_MISMATCH',
  'CARD_NUMBERS_NOT_VISIBLE',
  'SCREENSHOT_NOT_ORIGINAL',
  'MASKED_INFORMATION',
  'BLURRY',
  'TOO_DARK',
  'GLARE',
  'FRONT_SIDE_MISSING',
  'BACK_SIDE_MISSING',
  'PAGES_MISSING',
  'DOCUMENT_TOO_OLD',
  'DATE_NOT_VISIBLE',
  'ADDRESS_NOT_VISIBLE',
  'NAME_NOT_VISIBLE',
  'ISSUER_NOT_VISIBLE',
  'DATE_OF_BIRTH_MISMATCH',
  'DOCUMENT_ALTERED',
  'DOCUMENT_NOT_ACCEPTED',
  'WRONG_DOCUMENT_TYPE',
  'DUPLICATE_DOCUMENT',
  'FILE_UNREADABLE',
  'PAYMENT_METHOD_MISMATCH',
  'CARD_HOLDER_NAME_MISSING',
  'SOURCE_NOT_SUFFICIENT',
  'TRANSLATION_REQUIRED',
  'OTHER',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** product.md §3 "KYC level" (the spec writes two of them with a space). */
export const KYC_LEVELS = [
  'NOT_VERIFIED',
  'DATA_VERIFIED',
  'PENDING',
  'FULLY VERIFIED',
  'ENHANCED KYC',
  'EDD_PENDING',
  'EDD_UNDER_REVIEW',
  'ENHANCED',
  'RESTRICTED',
  'SUSPENDED',
  'PENDING_EXPIRED',
  'NOT_REQUIRED',
] as const;
export type KycLevel = (typeof KYC_LEVELS)[number];

export function isKycLevel(value: string): value is KycLevel {
  return (KYC_LEVELS as readonly string[]).includes(value);
}

/** The EDD questionnaire's state (server/repositories/edd.ts keeps the answers). */
export type EddState = 'none' | 'submitted' | 'approved';

// ------------------------------------------------------------------------------ limits

/** The largest file the platform takes, per file (issue 23 "a size cap per file (say 10 MB)"). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** The longest file name taken (the player's name is shown in the list, never used on disk). */
export const DOCUMENT_FILE_NAME_MAX_LENGTH = 200;
/** The kinds of file taken (issue 23 "images and PDF only"), as sniffed from the bytes (the platform's sharp decodes no HEIC). */
export const DOCUMENT_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type DocumentMediaType = (typeof DOCUMENT_MEDIA_TYPES)[number];
/** What the file picker offers (the platform decides from the bytes, not from this). */
export const DOCUMENT_ACCEPT = '.jpg,.jpeg,.png,.webp,.pdf,image/jpeg,image/png,image/webp,application/pdf';

/**
 * Days a player has, from the operator's request, to send the requested documents while deposits
 * go on (DOCUMENTS_PREFERRED, product.md §3 daysLeftToVerifyDocuments); after it a deposit needs
 * them first (DOCUMENTS_REQUIRED). The spec gives no figure: 30 days, the usual AML grace period.
 */
export const DOCUMENTS_GRACE_DAYS = 30;

// ------------------------------------------------------------------------------ sub-types

/**
 * The sub-type an upload of `category` takes: a proof of address its document type (required), a
 * source of wealth its code (required), a proof of payment its deposit method (required: one proof
 * per method used), a proof of ID optionally its kind; other documents none. Null when `subType`
 * does not fit.
 */
export function uploadSubTypeOf(category: UploadCategory, subType: string | null): { ok: true; subType: string | null } | { ok: false } {
  const given = subType === null || subType === '' ? null : subType;
  switch (category) {
    case 'ID':
      return given === null || (PROOF_OF_ID_TYPES as readonly string[]).includes(given) ? { ok: true, subType: given } : { ok: false };
    case 'POA':
      return given !== null && (PROOF_OF_ADDRESS_TYPES as readonly string[]).includes(given) ? { ok: true, subType: given } : { ok: false };
    case 'SOW':
      return given !== null && (SOURCE_OF_WEALTH_CODES as readonly string[]).includes(given) ? { ok: true, subType: given } : { ok: false };
    case 'POP':
      return given !== null && /^[a-z0-9][a-z0-9_-]{0,63}$/i.test(given) ? { ok: true, subType: given } : { ok: false };
    case 'OTHER':
      return given === null ? { ok: true, subType: null } : { ok: false };
  }
}

/** Payment and other documents are lists (product.md §3); the other types keep their latest document. */
export function isListDocumentType(type: DocumentType): boolean {
  return type === 'PROOF_OF_PAYMENT' || type === 'OTHER';
}

// ------------------------------------------------------------------------------ derived statuses

/** A document as the rules read it. */
export interface KycDocument {
  documentType: DocumentType;
  documentStatus: DocumentStatus;
  subType: string | null;
  /** When it was uploaded (or the status last changed); the newest decides for single types. */
  updatedAt: Date;
}

/** An operator's open request for a document type (a proof of payment may name its method). */
export interface DocumentRequest {
  documentType: DocumentType;
  subType: string | null;
  requestedAt: Date;
}

export type DocumentTypeStatuses = Readonly<Record<DocumentType, DocumentStatus>>;

const STATUS_WEIGHT: Readonly<Record<DocumentStatus, number>> = {
  // For a list type, the status that asks most of the player shows: something to send, then
  // something expired, then something in review, then verified.
  REQUESTED: 4,
  EXPIRED: 3,
  UNDER_REVIEW: 2,
  VERIFIED: 1,
  UNREQUESTED: 0,
};

/**
 * One document type's status (behaviour.md §4 "Status runs UNREQUESTED, REQUESTED, UNDER_REVIEW,
 * then VERIFIED, or EXPIRED"): an open request that no document answers yet is REQUESTED; otherwise
 * the documents say it (a single type its newest, a list type the one that asks most of the player);
 * none and no request is UNREQUESTED. A rejected document is REQUESTED again (with its reason).
 * The EDD questionnaire's status follows from its answers (`edd`).
 */
export function documentTypeStatus(
  type: DocumentType,
  documents: readonly KycDocument[],
  requests: readonly DocumentRequest[],
  edd: EddState = 'none',
): DocumentStatus {
  const requested = requests.some((request) => request.documentType === type);
  if (type === 'EDD_QUESTIONNAIRE') {
    if (edd === 'approved') return 'VERIFIED';
    if (edd === 'submitted') return 'UNDER_REVIEW';
    return requested ? 'REQUESTED' : 'UNREQUESTED';
  }
  const ofType = documents.filter((document) => document.documentType === type);
  // A request is answered by an upload of the type (and of its method, when it names one) after it.
  const unanswered = requests.some(
    (request) =>
      request.documentType === type &&
      !ofType.some(
        (document) =>
          document.documentStatus !== 'REQUESTED' &&
          document.documentStatus !== 'EXPIRED' &&
          (request.subType === null || document.subType === request.subType) &&
          document.updatedAt.getTime() >= request.requestedAt.getTime(),
      ),
  );
  if (unanswered) return 'REQUESTED';
  if (ofType.length === 0) return 'UNREQUESTED';
  if (isListDocumentType(type)) {
    return ofType.reduce<DocumentStatus>((worst, document) => (STATUS_WEIGHT[document.documentStatus] > STATUS_WEIGHT[worst] ? document.documentStatus : worst), 'UNREQUESTED');
  }
  const newest = ofType.reduce((latest, document) => (document.updatedAt.getTime() >= latest.updatedAt.getTime() ? document : latest));
  return newest.documentStatus;
}

/** Every type's status. */
export function documentTypeStatuses(documents: readonly KycDocument[], requests: readonly DocumentRequest[], edd: EddState = 'none'): DocumentTypeStatuses {
  return Object.fromEntries(DOCUMENT_TYPES.map((type) => [type, documentTypeStatus(type, documents, requests, edd)])) as Record<DocumentType, DocumentStatus>;
}

/**
 * product.md §3 player profile "requestDocumentTypeStatus (comma-separated list)": each type with
 * its status, `TYPE:STATUS`, in DOCUMENT_TYPES order
 * ("PROOF_OF_ID:REQUESTED,PROOF_OF_ADDRESS:UNREQUESTED,...").
 */
export function requestDocumentTypeStatusOf(statuses: DocumentTypeStatuses): string {
  return DOCUMENT_TYPES.map((type) => `${type}:${statuses[type]}`).join(',');
}

/** Reads requestDocumentTypeStatus back; a type missing or unreadable counts as UNREQUESTED. */
export function parseRequestDocumentTypeStatus(text: string): DocumentTypeStatuses {
  const found = new Map<string, string>();
  for (const pair of text.split(',')) {
    const [type, status] = pair.trim().split(':');
    if (type !== undefined && status !== undefined) found.set(type, status);
  }
  return Object.fromEntries(
    DOCUMENT_TYPES.map((type) => {
      const status = found.get(type);
      return [type, status !== undefined && (DOCUMENT_STATUSES as readonly string[]).includes(status) ? status : 'UNREQUESTED'];
    }),
  ) as Record<DocumentType, DocumentStatus>;
}

/** The operator's own settings that the documents never override (product.md §3 "KYC level"). */
const OPERATOR_LEVELS: readonly KycLevel[] = ['RESTRICTED', 'SUSPENDED', 'NOT_REQUIRED'];

/**
 * The player's KYC level (product.md §3 "KYC level") from the operator's setting of the player
 * (`base`: NOT_VERIFIED by default, or what the operator set), the document types' statuses and
 * the EDD questionnaire, in this order:
 * 1. RESTRICTED, SUSPENDED and NOT_REQUIRED are the operator's: they stay;
 * 2. the EDD questionnaire submitted is EDD_UNDER_REVIEW, requested and not answered EDD_PENDING;
 * 3. a document type EXPIRED is PENDING_EXPIRED;
 * 4. a document type UNDER_REVIEW is PENDING;
 * 5. proof of ID and of address VERIFIED with nothing requested: ENHANCED with the EDD approved,
 *    ENHANCED KYC with the source of wealth verified, else FULLY VERIFIED;
 * 6. else the operator's setting (NOT_VERIFIED, DATA_VERIFIED, ...).
 */
export function kycLevelOf(base: string, statuses: DocumentTypeStatuses): KycLevel {
  const operator: KycLevel = isKycLevel(base) ? base : 'NOT_VERIFIED';
  if (OPERATOR_LEVELS.includes(operator)) return operator;
  if (statuses.EDD_QUESTIONNAIRE === 'UNDER_REVIEW') return 'EDD_UNDER_REVIEW';
  if (statuses.EDD_QUESTIONNAIRE === 'REQUESTED') return 'EDD_PENDING';
  const all = DOCUMENT_TYPES.map((type) => statuses[type]);
  if (all.includes('EXPIRED')) return 'PENDING_EXPIRED';
  if (all.includes('UNDER_REVIEW')) return 'PENDING';
  if (statuses.PROOF_OF_ID === 'VERIFIED' && statuses.PROOF_OF_ADDRESS === 'VERIFIED' && !all.includes('REQUESTED')) {
    if (statuses.EDD_QUESTIONNAIRE === 'VERIFIED') return 'ENHANCED';
    if (statuses.SOURCE_OF_WEALTH === 'VERIFIED') return 'ENHANCED KYC';
    return 'FULLY VERIFIED';
  }
  return operator;
}

// ------------------------------------------------------------------------------ behaviour.md §5

/**
 * behaviour.md §5: "KYC needs no action when kycStatus is NOT_REQUIRED, or when it is NOT_VERIFIED
 * and all document types are UNREQUESTED."
 */
export function kycNeedsNoAction(kycStatus: string, statuses: DocumentTypeStatuses): boolean {
  if (kycStatus === 'NOT_REQUIRED') return true;
  return kycStatus === 'NOT_VERIFIED' && DOCUMENT_TYPES.every((type) => statuses[type] === 'UNREQUESTED');
}

/**
 * behaviour.md §5 "The source-of-wealth check applies when the required-documents list includes it
 * and the country is not in an exempt list." The spec does not name the list: the pay-and-play
 * markets, Finland and Sweden, whose deposits come from a bank account the bank identified the
 * player with (the payer's own account, issue 20), so the wealth's source is the bank's to know.
 */
export const SOURCE_OF_WEALTH_EXEMPT_COUNTRIES: readonly string[] = ['FI', 'SE'];

export function sourceOfWealthCheckApplies(requiredDocuments: readonly DocumentType[], countryCode: string): boolean {
  return requiredDocuments.includes('SOURCE_OF_WEALTH') && !SOURCE_OF_WEALTH_EXEMPT_COUNTRIES.includes(countryCode.toUpperCase());
}

/** The required-documents list: the types the player is asked to send now (REQUESTED or EXPIRED). */
export function requiredDocumentTypes(statuses: DocumentTypeStatuses): DocumentType[] {
  return DOCUMENT_TYPES.filter((type) => statuses[type] === 'REQUESTED' || statuses[type] === 'EXPIRED');
}

// ------------------------------------------------------------------------------ the cashier's answer

/** The document results of behaviour.md §4's table that documents give (machines/lib/wallet.ts OPERATION_RESULTS). */
export type DocumentsResult = 'DOCUMENTS_PREFERRED' | 'DOCUMENTS_UNDER_REVIEW' | 'DOCUMENTS_REQUIRED' | 'DOCUMENTS_REQUIRED_RESTRICTED';

/** What the cashier reads: the KYC level, the types' statuses, the oldest open request. */
export interface CashierKyc {
  kycStatus: KycLevel;
  statuses: DocumentTypeStatuses;
  /** The types the operator asked for that are not verified yet (answered or not). */
  requestedTypes: readonly DocumentType[];
  /** The oldest request for a type still REQUESTED or EXPIRED; null when none. */
  oldestOpenRequestAt: Date | null;
  countryCode: string;
}

const DAY = 86_400_000;

/** Whole days (rounded up) from `now` until the grace period of a request made at `requestedAt` ends; 0 when it has. */
export function daysLeftToVerify(requestedAt: Date, now: Date, graceDays: number = DOCUMENTS_GRACE_DAYS): number {
  const end = requestedAt.getTime() + graceDays * DAY;
  return Math.max(0, Math.ceil((end - now.getTime()) / DAY));
}

/**
 * The document result of a deposit or withdrawal check (behaviour.md §4's table) from the KYC:
 * - RESTRICTED or SUSPENDED: DOCUMENTS_REQUIRED_RESTRICTED (strict); PENDING_EXPIRED: DOCUMENTS_REQUIRED;
 * - nothing asked of the player (kycNeedsNoAction) and no document required: none;
 * - documents required (REQUESTED or EXPIRED; the source of wealth only where its check applies):
 *   a deposit within the grace period is DOCUMENTS_PREFERRED with the days left, after it
 *   DOCUMENTS_REQUIRED; a withdrawal is DOCUMENTS_REQUIRED (money leaves only to a verified player);
 * - requested documents (or the requested EDD questionnaire) under review: a withdrawal waits
 *   (DOCUMENTS_UNDER_REVIEW), a deposit goes on; a document the player sent unasked holds nothing.
 */
export function cashierDocumentsResult(
  operation: 'deposit' | 'withdrawal',
  kyc: CashierKyc,
  now: Date,
): { result: DocumentsResult; daysLeftToVerifyDocuments: number | null } | null {
  const { kycStatus, statuses } = kyc;
  if (kycStatus === 'RESTRICTED' || kycStatus === 'SUSPENDED') return { result: 'DOCUMENTS_REQUIRED_RESTRICTED', daysLeftToVerifyDocuments: null };
  if (kycStatus === 'NOT_REQUIRED') return null;
  const required = requiredDocumentTypes(statuses).filter((type) => type !== 'SOURCE_OF_WEALTH' || sourceOfWealthCheckApplies([type], kyc.countryCode));
  if (required.length > 0) {
    if (operation === 'withdrawal') return { result: 'DOCUMENTS_REQUIRED', daysLeftToVerifyDocuments: null };
    const daysLeft = kyc.oldestOpenRequestAt === null ? 0 : daysLeftToVerify(kyc.oldestOpenRequestAt, now);
    return daysLeft > 0 ? { result: 'DOCUMENTS_PREFERRED', daysLeftToVerifyDocuments: daysLeft } : { result: 'DOCUMENTS_REQUIRED', daysLeftToVerifyDocuments: 0 };
  }
  if (kycStatus === 'PENDING_EXPIRED') return { result: 'DOCUMENTS_REQUIRED', daysLeftToVerifyDocuments: 0 };
  if (operation === 'withdrawal' && kyc.requestedTypes.some((type) => statuses[type] === 'UNDER_REVIEW')) {
    return { result: 'DOCUMENTS_UNDER_REVIEW', daysLeftToVerifyDocuments: null };
  }
  return null;
}
