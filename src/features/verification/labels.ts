import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DocumentStatus, ProofOfAddressType, SourceOfWealthCode, UploadCategory } from '../../../machines/lib/kyc';

// The names the verification screens give the spec's codes (product.md §3 "Documents").

/** Each upload step's document, by its upload category. */
export const STEP_NAMES: Readonly<Record<UploadCategory, MessageDescriptor>> = {
  ID: msg({ id: 'verification.step.id', message: 'Proof of identity' }),
  POA: msg({ id: 'verification.step.address', message: 'Proof of address' }),
  POP: msg({ id: 'verification.step.payment', message: 'Proof of payment' }),
  SOW: msg({ id: 'verification.step.sow', message: 'Source of wealth' }),
  OTHER: msg({ id: 'verification.step.other', message: 'Other documents' }),
};

/** What each step asks for, in a sentence. */
export const STEP_HINTS: Readonly<Record<UploadCategory, MessageDescriptor>> = {
  ID: msg({ id: 'verification.hint.id', message: 'A passport, national identity card or driving licence, valid, with your photo and name.' }),
  POA: msg({ id: 'verification.hint.address', message: 'A document from the last 3 months with your name and home address.' }),
  POP: msg({ id: 'verification.hint.payment', message: 'A photo of the card or a statement of the account you deposited with, in your name.' }),
  SOW: msg({ id: 'verification.hint.sow', message: 'A document that shows where the money you play with comes from.' }),
  OTHER: msg({ id: 'verification.hint.other', message: 'Any other document we asked you for.' }),
};

export const STATUS_NAMES: Readonly<Record<DocumentStatus, MessageDescriptor>> = {
  UNREQUESTED: msg({ id: 'verification.status.unrequested', message: 'Not needed now' }),
  REQUESTED: msg({ id: 'verification.status.requested', message: 'Needed' }),
  UNDER_REVIEW: msg({ id: 'verification.status.underReview', message: 'Under review' }),
  VERIFIED: msg({ id: 'verification.status.verified', message: 'Approved' }),
  EXPIRED: msg({ id: 'verification.status.expired', message: 'Expired: send a new one' }),
};

const UTILITY_BILL = msg({ id: 'verification.poa.utilityBill', message: 'Utility bill' });
const CARD_STATEMENT = msg({ id: 'verification.poa.cardStatement', message: 'Credit card statement' });

/** behaviour.md §4 "proof of address (with document type selection)". */
export const ADDRESS_TYPE_NAMES: Readonly<Record<ProofOfAddressType, MessageDescriptor>> = {
  UTILITY_BILL,
  BANK_STATEMENT: msg({ id: 'verification.poa.bankStatement', message: 'Bank statement' }),
  CREDIT_CARD_STATEMENT: CARD_STATEMENT,
  GOVERNMENT_LETTER: msg({ id: 'verification.poa.governmentLetter', message: 'Letter from a public authority' }),
  TENANCY_AGREEMENT: msg({ id: 'verification.poa.tenancy', message: 'Tenancy agreement' }),
};

/** product.md §3 source-of-wealth codes (BS stands for a bank statement and for savings). */
export const SOURCE_OF_WEALTH_NAMES: Readonly<Record<SourceOfWealthCode, MessageDescriptor>> = {
  BS: msg({ id: 'verification.sow.bankStatement', message: 'Bank statement or savings' }),
  CCS: CARD_STATEMENT,
  UB: UTILITY_BILL,
  PS: msg({ id: 'verification.sow.employment', message: 'Employment (payslip)' }),
  SP: msg({ id: 'verification.sow.property', message: 'Sale of property' }),
  SC: msg({ id: 'verification.sow.securities', message: 'Sale of securities' }),
  WI: msg({ id: 'verification.sow.inheritance', message: 'Inheritance' }),
  WN: msg({ id: 'verification.sow.winnings', message: 'Gambling winnings' }),
  OT: msg({ id: 'verification.sow.other', message: 'Other' }),
};
