import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_TYPES,
  REJECTION_REASONS,
  SOURCE_OF_WEALTH_CODES,
  cashierDocumentsResult,
  daysLeftToVerify,
  documentTypeStatus,
  documentTypeStatuses,
  kycLevelOf,
  kycNeedsNoAction,
  parseRequestDocumentTypeStatus,
  requestDocumentTypeStatusOf,
  sourceOfWealthCheckApplies,
  uploadSubTypeOf,
  type DocumentRequest,
  type DocumentStatus,
  type DocumentType,
  type DocumentTypeStatuses,
  type KycDocument,
} from '../../machines/lib/kyc';

// machines/lib/kyc.ts: the document rules of behaviour.md §4 and §5 that the app and the platform share.

const T0 = new Date('2026-01-01T00:00:00Z');
const at = (days: number) => new Date(T0.getTime() + days * 86_400_000);
const doc = (documentType: DocumentType, documentStatus: DocumentStatus, day = 1, subType: string | null = null): KycDocument => ({
  documentType,
  documentStatus,
  subType,
  updatedAt: at(day),
});
const request = (documentType: DocumentType, day = 0, subType: string | null = null): DocumentRequest => ({ documentType, subType, requestedAt: at(day) });
const statuses = (overrides: Partial<Record<DocumentType, DocumentStatus>> = {}): DocumentTypeStatuses => ({
  ...(Object.fromEntries(DOCUMENT_TYPES.map((type) => [type, 'UNREQUESTED'])) as Record<DocumentType, DocumentStatus>),
  ...overrides,
});

describe('the spec lists', () => {
  it('names about 30 rejection reasons, the nine of product.md §3 among them, each once', () => {
    expect(REJECTION_REASONS.length).toBeGreaterThanOrEqual(28);
    expect(new Set(REJECTION_REASONS).size).toBe(REJECTION_REASONS.length);
    for (const reason of ['BAD_QUALITY', 'CROPPED_CORNERS', 'DAMAGED', 'ID_EXPIRED', 'NAME_MISMATCH', 'ADDRESS_MISMATCH', 'CARD_NUMBERS_NOT_VISIBLE', 'SCREENSHOT_NOT_ORIGINAL', 'MASKED_INFORMATION']) {
      expect(REJECTION_REASONS).toContain(reason);
    }
  });

  it('has the source-of-wealth codes of product.md §3 (savings share BS)', () => {
    expect([...SOURCE_OF_WEALTH_CODES].sort()).toEqual(['BS', 'CCS', 'OT', 'PS', 'SC', 'SP', 'UB', 'WI', 'WN']);
  });
});

describe('uploadSubTypeOf', () => {
  it('requires the proof of address type, the source-of-wealth code and the deposit method', () => {
    expect(uploadSubTypeOf('POA', null)).toEqual({ ok: false });
    expect(uploadSubTypeOf('POA', 'UTILITY_BILL')).toEqual({ ok: true, subType: 'UTILITY_BILL' });
    expect(uploadSubTypeOf('SOW', 'WN')).toEqual({ ok: true, subType: 'WN' });
    expect(uploadSubTypeOf('SOW', 'XX')).toEqual({ ok: false });
    expect(uploadSubTypeOf('POP', '')).toEqual({ ok: false });
    expect(uploadSubTypeOf('POP', 'visa')).toEqual({ ok: true, subType: 'visa' });
    expect(uploadSubTypeOf('POP', '../x')).toEqual({ ok: false });
  });

  it('takes an optional kind of ID and nothing for other documents', () => {
    expect(uploadSubTypeOf('ID', null)).toEqual({ ok: true, subType: null });
    expect(uploadSubTypeOf('ID', 'PASSPORT')).toEqual({ ok: true, subType: 'PASSPORT' });
    expect(uploadSubTypeOf('ID', 'SELFIE')).toEqual({ ok: false });
    expect(uploadSubTypeOf('OTHER', 'x')).toEqual({ ok: false });
    expect(uploadSubTypeOf('OTHER', '')).toEqual({ ok: true, subType: null });
  });
});

describe('documentTypeStatus (behaviour.md §4: UNREQUESTED, REQUESTED, UNDER_REVIEW, then VERIFIED, or EXPIRED)', () => {
  it('is UNREQUESTED with nothing, REQUESTED with an unanswered request', () => {
    expect(documentTypeStatus('PROOF_OF_ID', [], [])).toBe('UNREQUESTED');
    expect(documentTypeStatus('PROOF_OF_ID', [], [request('PROOF_OF_ID')])).toBe('REQUESTED');
  });

  it('an upload after the request answers it; one before it does not', () => {
    expect(documentTypeStatus('PROOF_OF_ID', [doc('PROOF_OF_ID', 'UNDER_REVIEW', 2)], [request('PROOF_OF_ID', 1)])).toBe('UNDER_REVIEW');
    expect(documentTypeStatus('PROOF_OF_ID', [doc('PROOF_OF_ID', 'VERIFIED', 0)], [request('PROOF_OF_ID', 1)])).toBe('REQUESTED');
  });

  it('a single type follows its newest document; a list type the one that asks most', () => {
    expect(documentTypeStatus('PROOF_OF_ID', [doc('PROOF_OF_ID', 'REQUESTED', 1), doc('PROOF_OF_ID', 'UNDER_REVIEW', 2)], [])).toBe('UNDER_REVIEW');
    expect(documentTypeStatus('PROOF_OF_PAYMENT', [doc('PROOF_OF_PAYMENT', 'VERIFIED', 3, 'visa'), doc('PROOF_OF_PAYMENT', 'EXPIRED', 1, 'skrill')], [])).toBe('EXPIRED');
  });

  it('a request naming a deposit method is answered only by a proof for that method', () => {
    const requests = [request('PROOF_OF_PAYMENT', 0, 'skrill')];
    expect(documentTypeStatus('PROOF_OF_PAYMENT', [doc('PROOF_OF_PAYMENT', 'UNDER_REVIEW', 1, 'visa')], requests)).toBe('REQUESTED');
    expect(documentTypeStatus('PROOF_OF_PAYMENT', [doc('PROOF_OF_PAYMENT', 'UNDER_REVIEW', 1, 'skrill')], requests)).toBe('UNDER_REVIEW');
  });

  it('the EDD questionnaire follows its answers', () => {
    expect(documentTypeStatus('EDD_QUESTIONNAIRE', [], [request('EDD_QUESTIONNAIRE')], 'none')).toBe('REQUESTED');
    expect(documentTypeStatus('EDD_QUESTIONNAIRE', [], [], 'submitted')).toBe('UNDER_REVIEW');
    expect(documentTypeStatus('EDD_QUESTIONNAIRE', [], [], 'approved')).toBe('VERIFIED');
  });
});

describe('requestDocumentTypeStatus (product.md §3, comma-separated)', () => {
  it('writes every type with its status and reads it back', () => {
    const all = documentTypeStatuses([doc('PROOF_OF_ID', 'UNDER_REVIEW')], [request('PROOF_OF_ADDRESS')]);
    const text = requestDocumentTypeStatusOf(all);
    expect(text).toBe('PROOF_OF_ID:UNDER_REVIEW,PROOF_OF_ADDRESS:REQUESTED,PROOF_OF_PAYMENT:UNREQUESTED,SOURCE_OF_WEALTH:UNREQUESTED,EDD_QUESTIONNAIRE:UNREQUESTED,OTHER:UNREQUESTED');
    expect(parseRequestDocumentTypeStatus(text)).toEqual(all);
  });

  it('reads an empty or broken list as all UNREQUESTED', () => {
    expect(parseRequestDocumentTypeStatus('')).toEqual(statuses());
    expect(parseRequestDocumentTypeStatus('PROOF_OF_ID:WHATEVER,junk')).toEqual(statuses());
  });
});

describe('kycLevelOf (product.md §3 "KYC level")', () => {
  it("keeps the operator's RESTRICTED, SUSPENDED and NOT_REQUIRED", () => {
    for (const base of ['RESTRICTED', 'SUSPENDED', 'NOT_REQUIRED']) expect(kycLevelOf(base, statuses({ PROOF_OF_ID: 'UNDER_REVIEW' }))).toBe(base);
  });

  it('EDD first, then expired, then under review', () => {
    expect(kycLevelOf('NOT_VERIFIED', statuses({ EDD_QUESTIONNAIRE: 'UNDER_REVIEW', PROOF_OF_ID: 'EXPIRED' }))).toBe('EDD_UNDER_REVIEW');
    expect(kycLevelOf('NOT_VERIFIED', statuses({ EDD_QUESTIONNAIRE: 'REQUESTED' }))).toBe('EDD_PENDING');
    expect(kycLevelOf('NOT_VERIFIED', statuses({ PROOF_OF_ID: 'EXPIRED', PROOF_OF_ADDRESS: 'UNDER_REVIEW' }))).toBe('PENDING_EXPIRED');
    expect(kycLevelOf('DATA_VERIFIED', statuses({ PROOF_OF_ID: 'UNDER_REVIEW' }))).toBe('PENDING');
  });

  it('ID and address verified: FULLY VERIFIED, with the source of wealth ENHANCED KYC, with the EDD ENHANCED', () => {
    const verified = { PROOF_OF_ID: 'VERIFIED', PROOF_OF_ADDRESS: 'VERIFIED' } as const;
    expect(kycLevelOf('NOT_VERIFIED', statuses(verified))).toBe('FULLY VERIFIED');
    expect(kycLevelOf('NOT_VERIFIED', statuses({ ...verified, SOURCE_OF_WEALTH: 'VERIFIED' }))).toBe('ENHANCED KYC');
    expect(kycLevelOf('NOT_VERIFIED', statuses({ ...verified, SOURCE_OF_WEALTH: 'VERIFIED', EDD_QUESTIONNAIRE: 'VERIFIED' }))).toBe('ENHANCED');
    expect(kycLevelOf('NOT_VERIFIED', statuses({ ...verified, PROOF_OF_PAYMENT: 'REQUESTED' }))).toBe('NOT_VERIFIED');
  });

  it("otherwise the operator's setting; an unknown one reads as NOT_VERIFIED", () => {
    expect(kycLevelOf('DATA_VERIFIED', statuses({ PROOF_OF_ID: 'REQUESTED' }))).toBe('DATA_VERIFIED');
    expect(kycLevelOf('nonsense', statuses())).toBe('NOT_VERIFIED');
  });
});

describe('behaviour.md §5 "KYC needs no action"', () => {
  it('when kycStatus is NOT_REQUIRED, whatever the documents', () => {
    expect(kycNeedsNoAction('NOT_REQUIRED', statuses({ PROOF_OF_ID: 'REQUESTED' }))).toBe(true);
  });

  it('when NOT_VERIFIED and all document types are UNREQUESTED, and not otherwise', () => {
    expect(kycNeedsNoAction('NOT_VERIFIED', statuses())).toBe(true);
    expect(kycNeedsNoAction('NOT_VERIFIED', statuses({ OTHER: 'UNDER_REVIEW' }))).toBe(false);
    expect(kycNeedsNoAction('DATA_VERIFIED', statuses())).toBe(false);
    expect(kycNeedsNoAction('PENDING', statuses())).toBe(false);
  });
});

describe('behaviour.md §5 "The source-of-wealth check applies when the required-documents list includes it and the country is not in an exempt list"', () => {
  it('applies when required outside the exempt countries', () => {
    expect(sourceOfWealthCheckApplies(['SOURCE_OF_WEALTH'], 'GB')).toBe(true);
    expect(sourceOfWealthCheckApplies(['PROOF_OF_ID'], 'GB')).toBe(false);
  });

  it('does not apply in an exempt country (FI, SE), in either case', () => {
    expect(sourceOfWealthCheckApplies(['SOURCE_OF_WEALTH'], 'FI')).toBe(false);
    expect(sourceOfWealthCheckApplies(['SOURCE_OF_WEALTH'], 'se')).toBe(false);
  });
});

describe('cashierDocumentsResult (behaviour.md §4 table; product.md §3 daysLeftToVerifyDocuments)', () => {
  const kyc = (over: Partial<Parameters<typeof cashierDocumentsResult>[1]> = {}) => ({
    kycStatus: 'NOT_VERIFIED' as const,
    statuses: statuses(),
    requestedTypes: [],
    oldestOpenRequestAt: null,
    countryCode: 'GB',
    ...over,
  });

  it('nothing asked: no document result', () => {
    expect(cashierDocumentsResult('deposit', kyc(), T0)).toBeNull();
    expect(cashierDocumentsResult('withdrawal', kyc(), T0)).toBeNull();
  });

  it('restricted or suspended: strict', () => {
    expect(cashierDocumentsResult('deposit', kyc({ kycStatus: 'SUSPENDED' }), T0)?.result).toBe('DOCUMENTS_REQUIRED_RESTRICTED');
  });

  it('requested: a deposit is preferred with the days left, required after the grace period; a withdrawal is required', () => {
    const asked = kyc({ statuses: statuses({ PROOF_OF_ID: 'REQUESTED' }), requestedTypes: ['PROOF_OF_ID'], oldestOpenRequestAt: at(0) });
    expect(cashierDocumentsResult('deposit', asked, at(10))).toEqual({ result: 'DOCUMENTS_PREFERRED', daysLeftToVerifyDocuments: 20 });
    expect(cashierDocumentsResult('deposit', asked, at(30))).toEqual({ result: 'DOCUMENTS_REQUIRED', daysLeftToVerifyDocuments: 0 });
    expect(cashierDocumentsResult('withdrawal', asked, at(1))).toEqual({ result: 'DOCUMENTS_REQUIRED', daysLeftToVerifyDocuments: null });
  });

  it('requested documents under review: a withdrawal waits, a deposit goes on; an unasked upload holds nothing', () => {
    const review = kyc({ kycStatus: 'PENDING', statuses: statuses({ PROOF_OF_ID: 'UNDER_REVIEW' }), requestedTypes: ['PROOF_OF_ID'] });
    expect(cashierDocumentsResult('withdrawal', review, T0)?.result).toBe('DOCUMENTS_UNDER_REVIEW');
    expect(cashierDocumentsResult('deposit', review, T0)).toBeNull();
    expect(cashierDocumentsResult('withdrawal', { ...review, requestedTypes: [] }, T0)).toBeNull();
  });

  it('a requested source of wealth counts only where its check applies', () => {
    const sow = { statuses: statuses({ SOURCE_OF_WEALTH: 'REQUESTED' }), requestedTypes: ['SOURCE_OF_WEALTH'] as DocumentType[], oldestOpenRequestAt: at(0) };
    expect(cashierDocumentsResult('withdrawal', kyc({ ...sow, countryCode: 'GB' }), at(1))?.result).toBe('DOCUMENTS_REQUIRED');
    expect(cashierDocumentsResult('withdrawal', kyc({ ...sow, countryCode: 'FI' }), at(1))).toBeNull();
  });

  it('counts the days left rounded up', () => {
    expect(daysLeftToVerify(at(0), new Date(at(29).getTime() + 1))).toBe(1);
    expect(daysLeftToVerify(at(0), at(31))).toBe(0);
  });
});
