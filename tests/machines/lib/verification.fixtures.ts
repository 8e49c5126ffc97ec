import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { DocumentsLoad, UploadedDocument } from '../../../machines/lib/verification';
import type { VerificationContext } from '../../../machines/verification.machine';
import { ApiError } from '../../../src/api/errors';

// The document upload flow's and the verification modal's samples, shared by their path tests
// (tests/machines/verification.machine.test.ts, verificationModal.machine.test.ts) and
// `npm run paths` (scripts/lib/pathModels.ts): the platform's answers and the player's choices.

/** The player's documents: a proof of ID requested, a proof of address under review, one deposit method used. */
export const LOADED: DocumentsLoad = {
  kycStatus: 'NOT_VERIFIED',
  requestDocumentTypeStatus:
    'PROOF_OF_ID:REQUESTED,PROOF_OF_ADDRESS:UNDER_REVIEW,PROOF_OF_PAYMENT:UNREQUESTED,SOURCE_OF_WEALTH:UNREQUESTED,EDD_QUESTIONNAIRE:UNREQUESTED,OTHER:UNREQUESTED',
  types: [
    { documentTypeName: 'PROOF_OF_ID', documentStatus: 'REQUESTED', requestedSubTypes: [] },
    { documentTypeName: 'PROOF_OF_ADDRESS', documentStatus: 'UNDER_REVIEW', requestedSubTypes: [] },
    { documentTypeName: 'PROOF_OF_PAYMENT', documentStatus: 'UNREQUESTED', requestedSubTypes: [] },
    { documentTypeName: 'SOURCE_OF_WEALTH', documentStatus: 'UNREQUESTED', requestedSubTypes: [] },
    { documentTypeName: 'EDD_QUESTIONNAIRE', documentStatus: 'UNREQUESTED', requestedSubTypes: [] },
    { documentTypeName: 'OTHER', documentStatus: 'UNREQUESTED', requestedSubTypes: [] },
  ],
  documents: [
    {
      documentId: 'doc-poa',
      documentTypeName: 'PROOF_OF_ADDRESS',
      documentStatus: 'UNDER_REVIEW',
      subType: 'UTILITY_BILL',
      fileName: 'bill.pdf',
      contentType: 'application/pdf',
      size: 2048,
      uploadedAt: '2026-11-20T10:00:00.000Z',
      rejectionReason: null,
    },
  ],
  depositMethods: ['visa'],
  sourceOfWealthCheck: true,
};

/** The file the player chooses (a browser File has these fields). */
export const FILE = { name: 'passport.jpg', size: 4000, type: 'image/jpeg' };

/** The document the platform stores for an upload. */
export const STORED: UploadedDocument = {
  documentId: 'doc-new',
  documentTypeName: 'PROOF_OF_ID',
  documentStatus: 'UNDER_REVIEW',
  subType: null,
  fileName: 'passport.jpg',
  contentType: 'image/jpeg',
  size: 3100,
  uploadedAt: '2026-11-28T18:00:00.000Z',
  rejectionReason: null,
};

export const offline = new ApiError('network', 0, 'network.error', 'Network Error');
export const tooLarge = new ApiError('http', 413, 'error.document.too_large', 'Too large');

const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as EventObject;
const failed = (id: string, error: unknown): EventObject => ({ type: `xstate.error.actor.${id}`, actorId: id, error }) as EventObject;

/** The events to try in a snapshot of the upload flow: the calls' answers where one runs, the player's events elsewhere. */
export function verificationEventsIn(snapshot: Pick<AnyMachineSnapshot, 'value' | 'context'>): EventObject[] {
  const value = snapshot.value as { step: string; list: string };
  const context = snapshot.context as VerificationContext;
  // The list's own events only before a step is chosen: the list region runs beside every step
  // state, and trying them everywhere multiplies the paths without a transition more.
  const list: EventObject[] =
    context.step !== null
      ? []
      : value.list === 'refreshing'
      ? [done('refreshDocuments', LOADED), failed('refreshDocuments', offline), { type: 'documents.refresh' }]
      : [{ type: 'documents.refresh' }];
  const choices: EventObject[] = [];
  if (context.step === 'SOW' && context.documentType === null) choices.push({ type: 'documentType.select', documentType: 'WN' } as EventObject);
  if (context.step === 'POP' && context.depositMethod === null) choices.push({ type: 'depositMethod.select', depositMethod: 'visa' } as EventObject);
  const selects: EventObject[] = [
    { type: 'step.select', step: 'ID', startPoint: 'deposit' } as EventObject,
    { type: 'step.select', step: 'POA' } as EventObject,
    { type: 'step.select', step: 'POP' } as EventObject,
    { type: 'step.select', step: 'SOW', startPoint: 'verification' } as EventObject,
  ];
  const always: EventObject[] = [{ type: 'verification.clear' }];
  switch (value.step) {
    case 'loading':
      return [done('loadDocuments', LOADED), failed('loadDocuments', offline), ...list];
    case 'loadFailed':
      return [{ type: 'step.retry' }, ...list];
    case 'pending':
      return [...(context.step === null ? selects : []), ...choices, ...(context.step === null ? [] : [{ type: 'file.choose', file: FILE } as EventObject]), ...list, ...always];
    case 'preUpload':
      return [{ type: 'upload.start' }, { type: 'file.choose', file: FILE } as EventObject, ...choices, ...list];
    case 'upload':
      return [
        { type: 'upload.progress', sent: 2000, total: 4000 } as EventObject,
        { type: 'upload.done', document: STORED } as EventObject,
        { type: 'upload.failed', error: tooLarge } as EventObject,
        { type: 'upload.failed', error: offline } as EventObject,
      ];
    case 'error': {
      // Another type or method after a refusal (the file stays).
      const changes: EventObject[] = [];
      if (context.step === 'SOW' && context.documentType !== 'BS') changes.push({ type: 'documentType.select', documentType: 'BS' } as EventObject);
      if (context.step === 'POP' && context.depositMethod !== 'mastercard') changes.push({ type: 'depositMethod.select', depositMethod: 'mastercard' } as EventObject);
      return [{ type: 'upload.retry' }, { type: 'file.choose', file: FILE } as EventObject, ...changes, ...list];
    }
    case 'success':
      return [{ type: 'file.choose', file: FILE } as EventObject, ...selects.slice(0, 1), ...list, ...always];
    case 'uploaded':
      return [...selects.slice(0, 1), ...list];
    default:
      return list;
  }
}

/** The events to try in a snapshot of the verification modal. */
export function verificationModalEventsIn(snapshot: Pick<AnyMachineSnapshot, 'value' | 'context'>): EventObject[] {
  const value = snapshot.value as { verification: string; forfeit: string };
  const forfeit: EventObject[] = value.forfeit === 'open' ? [{ type: 'forfeit.close' }] : [{ type: 'forfeit.open' }];
  switch (value.verification) {
    case 'inactive':
      return [
        { type: 'modal.open', startPoint: 'deposit', reason: 'preferred', daysLeft: 12 } as EventObject,
        { type: 'modal.open', startPoint: 'withdraw', reason: 'required' } as EventObject,
        ...forfeit,
      ];
    case 'notify':
      return [
        { type: 'modal.open', startPoint: 'account', reason: 'requested' } as EventObject,
        { type: 'modal.uploaded' },
        { type: 'modal.close' },
        { type: 'modal.verifyLater' },
        { type: 'modal.terminate' },
        ...forfeit,
      ];
    default:
      return [{ type: 'modal.open', startPoint: 'account', reason: 'requested' } as EventObject, { type: 'modal.close' }, { type: 'modal.verifyLater' }, { type: 'modal.terminate' }, ...forfeit];
  }
}
