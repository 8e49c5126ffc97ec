// The document upload flow (product.md §3 "Documents": verification flow fields status, startPoint,
// documentType, depositMethod, documentId; upload: depositMethods; behaviour.md §4 "Document
// verification": steps ID, proof of address with a document type, proof of payment, source of
// wealth with a document type, other; each step pending, loading, pre-upload, upload, success,
// error, uploaded; each step maps to a tab; choosing a document type records it; clear resets).
//
// A child of the session (flow `verification`), started by the account area's layout route and by
// /deposit (where the verification modal can open over the cashier), stopped when the player leaves
// them or logs out; it has no end. Two regions:
//
// - step: the step being uploaded. The step (its upload category: ID, POA, POP, SOW, OTHER) is
//   context, so one set of states serves every step and each step maps to its tab
//   (machines/lib/kyc.ts). `step.select` → loading (the player's documents and KYC level, fresh)
//   → uploaded (the step's single document is under review or verified) or pending (a file, and
//   the document type or the deposit method where the step has one) → preUpload (a file chosen)
//   → upload (the bytes go, their progress in context) → success (the platform keeps the document
//   under review), or error (the refusal's code; the chosen file stays for a retry).
// - list: the documents shown on the page, loaded again when the wallet socket says the player's
//   attributes changed (a review) or after an upload, without touching the step.
//
// An upload that succeeds tells the verification modal (action `tellUploaded`, provided by src/app)
// so the modal moves to `uploaded`.
import { assign, fromCallback, fromPromise, raise, setup } from 'xstate';
import { flowErrorOf, type FlowError } from './lib/flowErrors';
import type { UploadCategory } from './lib/kyc';
import {
  DOCUMENT_UPLOAD_ERROR_CODES,
  needsDepositMethod,
  needsDocumentType,
  stepIsUploaded,
  stepStatus,
  type ChosenFile,
  type DocumentsLoad,
  type UploadedDocument,
  type UploadRequest,
  type VerificationStartPoint,
} from './lib/verification';

export type VerificationError = FlowError<(typeof DOCUMENT_UPLOAD_ERROR_CODES)[number]>;

export interface VerificationContext {
  /** The step being uploaded (its upload category); null until one is chosen. */
  step: UploadCategory | null;
  /** Where the flow was opened from (the account page, its tab, the deposit, the withdrawal). */
  startPoint: VerificationStartPoint;
  /** The status of the step's document as the platform last said (UNREQUESTED … EXPIRED); null without a step. */
  status: string | null;
  /** The document type chosen for the step (proof of address, source of wealth): its code. */
  documentType: string | null;
  /** The deposit method a proof of payment is for. */
  depositMethod: string | null;
  /** The file chosen; kept after a failed upload for a retry. */
  file: ChosenFile | null;
  /** Bytes sent of the upload running (or the last one). */
  sent: number;
  total: number;
  /** The document the last upload made. */
  documentId: string | null;
  /** The player's documents and KYC level as last loaded; null until the first load. */
  documents: DocumentsLoad | null;
  /** The last failed call of the step (a load or an upload). */
  error: VerificationError | null;
  /** The last failed reload of the list (shown beside the list). */
  listError: VerificationError | null;
}

export type VerificationEvent =
  | { type: 'step.select'; step: UploadCategory; startPoint?: VerificationStartPoint; depositMethod?: string | null }
  | { type: 'documentType.select'; documentType: string }
  | { type: 'depositMethod.select'; depositMethod: string }
  | { type: 'file.choose'; file: ChosenFile }
  | { type: 'upload.start' }
  | { type: 'upload.retry' }
  | { type: 'upload.progress'; sent: number; total: number }
  | { type: 'upload.done'; document: UploadedDocument }
  | { type: 'upload.failed'; error: unknown }
  | { type: 'step.retry' }
  | { type: 'documents.refresh' }
  | { type: 'verification.clear' };

/** loading: a call runs; form: the step takes a file; uploading: the bytes go; done: the step's document is with the platform; error: a call failed. */
export type VerificationTag = 'loading' | 'form' | 'uploading' | 'done' | 'error' | 'refreshing';

const FRESH = {
  step: null,
  startPoint: 'account',
  status: null,
  documentType: null,
  depositMethod: null,
  file: null,
  sent: 0,
  total: 0,
  documentId: null,
  error: null,
} satisfies Omit<VerificationContext, 'documents' | 'listError'>;

/** Whether the step has what an upload needs: a file, and the document type or deposit method where the step asks for one. */
export function readyToUpload(context: Pick<VerificationContext, 'step' | 'file' | 'documentType' | 'depositMethod'>): boolean {
  if (context.step === null || context.file === null) return false;
  if (needsDocumentType(context.step) && context.documentType === null) return false;
  if (needsDepositMethod(context.step) && context.depositMethod === null) return false;
  return true;
}

/** What the upload sends. */
function uploadRequestOf(context: VerificationContext): UploadRequest {
  const step = context.step ?? 'OTHER';
  return {
    category: step,
    file: context.file as ChosenFile,
    // A proof of ID may name its kind; a proof of address its type; a source of wealth its code; a proof of payment its method.
    subType: needsDepositMethod(step) ? context.depositMethod : context.documentType,
  };
}

export const verificationMachine = setup({
  types: {
    context: {} as VerificationContext,
    events: {} as VerificationEvent,
    tags: {} as VerificationTag,
  },
  actors: {
    // Supplied by src/app/flows/verification.flow.ts (src/api/documents.ts) and by tests.
    loadDocuments: fromPromise<DocumentsLoad>(() => Promise.reject(new Error('verificationMachine: provide the loadDocuments actor'))),
    /** The upload: sends back `upload.progress` (bytes sent), then `upload.done` or `upload.failed`; stopping it aborts the request. */
    uploadDocument: fromCallback<VerificationEvent, UploadRequest>(() => {
      throw new Error('verificationMachine: provide the uploadDocument actor');
    }),
  },
  actions: {
    /** The verification modal hears that the step's document is uploaded (src/app: the modal flow by its systemId). */
    tellUploaded: () => undefined,
    startAfresh: assign(FRESH),
    assignStep: assign((_, params: { step: UploadCategory; startPoint: VerificationStartPoint | undefined; depositMethod: string | null | undefined }) => ({
      step: params.step,
      ...(params.startPoint === undefined ? {} : { startPoint: params.startPoint }),
      depositMethod: params.depositMethod ?? null,
      documentType: null,
      file: null,
      sent: 0,
      total: 0,
      documentId: null,
      error: null,
    })),
    assignDocuments: assign(({ context }, params: { documents: DocumentsLoad }) => ({
      documents: params.documents,
      status: context.step === null ? null : stepStatus(params.documents, context.step),
      listError: null,
    })),
    assignDocumentType: assign((_, params: { documentType: string }) => ({ documentType: params.documentType })),
    assignDepositMethod: assign((_, params: { depositMethod: string }) => ({ depositMethod: params.depositMethod })),
    assignFile: assign((_, params: { file: ChosenFile }) => ({ file: params.file, sent: 0, total: params.file.size, error: null })),
    startUpload: assign(({ context }) => ({ sent: 0, total: context.file?.size ?? 0, error: null })),
    assignProgress: assign((_, params: { sent: number; total: number }) => ({ sent: params.sent, total: params.total })),
    assignUploaded: assign(({ context }, params: { document: UploadedDocument }) => ({
      documentId: params.document.documentId,
      status: params.document.documentStatus,
      sent: context.total,
      file: null,
      error: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: flowErrorOf(params.error, DOCUMENT_UPLOAD_ERROR_CODES) })),
    assignListError: assign((_, params: { error: unknown }) => ({ listError: flowErrorOf(params.error, DOCUMENT_UPLOAD_ERROR_CODES) })),
    refreshList: raise({ type: 'documents.refresh' }),
  },
  guards: {
    isReady: ({ context }) => readyToUpload(context),
    isStepUploaded: ({ context }, params: { documents: DocumentsLoad }) => context.step !== null && stepIsUploaded(params.documents, context.step),
  },
}).createMachine({
  id: 'verification',
  description:
    'product.md §3 "Documents" and behaviour.md §4 "Document verification": the step (ID, proof of address, proof of ' +
    'payment, source of wealth, other; pending, loading, pre-upload, upload, success, error, uploaded), with its status, ' +
    'startPoint, documentType and depositMethod; `verification.clear` resets it. Beside it, the documents list, loaded ' +
    'again on `documents.refresh` (a review pushed by the wallet socket, or an upload). Started by the account area and ' +
    '/deposit; it has no end.',
  type: 'parallel',
  context: { ...FRESH, documents: null, listError: null } satisfies VerificationContext,
  on: {
    'verification.clear': {
      target: ['.step.pending', '.list.refreshing'],
      description: 'Clear: the step, its file, type, method, start point and error are forgotten; the list loads again.',
      actions: 'startAfresh',
    },
  },
  states: {
    step: {
      description: 'The step being uploaded; one step at a time, each mapped to its tab (machines/lib/kyc.ts).',
      initial: 'pending',
      on: {
        'step.select': {
          target: '.loading',
          description: 'A step is chosen (a tab, a document row or the modal), with where it was opened from: its documents load.',
          actions: { type: 'assignStep', params: ({ event }) => ({ step: event.step, startPoint: event.startPoint, depositMethod: event.depositMethod }) },
        },
      },
      states: {
        pending: {
          description:
            'Pending: the step waits for a file (and its document type or deposit method where it has one); without a step, ' +
            'the page shows the documents to choose from.',
          tags: 'form',
          on: {
            'documentType.select': { actions: { type: 'assignDocumentType', params: ({ event }) => event } },
            'depositMethod.select': { actions: { type: 'assignDepositMethod', params: ({ event }) => event } },
            'file.choose': { target: 'preUpload', actions: { type: 'assignFile', params: ({ event }) => event } },
          },
        },
        loading: {
          description: "Loading: the player's documents and KYC level, fresh for the step (`loadDocuments`, GET /player/documents).",
          tags: 'loading',
          invoke: {
            id: 'loadDocuments',
            src: 'loadDocuments',
            onDone: [
              {
                guard: { type: 'isStepUploaded', params: ({ event }) => ({ documents: event.output }) },
                target: 'uploaded',
                description: "The step's document (one per player) is under review or verified: nothing to upload.",
                actions: { type: 'assignDocuments', params: ({ event }) => ({ documents: event.output }) },
              },
              {
                target: 'pending',
                description: 'The step takes a document (requested, not sent, expired; a list type always takes one more).',
                actions: { type: 'assignDocuments', params: ({ event }) => ({ documents: event.output }) },
              },
            ],
            onError: { target: 'loadFailed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        loadFailed: {
          description: 'The documents did not load: the error shows, with a retry.',
          tags: 'error',
          on: { 'step.retry': 'loading' },
        },
        preUpload: {
          description: 'Pre-upload: a file is chosen (its name and size show); Upload sends it once the step has what it needs.',
          tags: 'form',
          on: {
            'documentType.select': { actions: { type: 'assignDocumentType', params: ({ event }) => event } },
            'depositMethod.select': { actions: { type: 'assignDepositMethod', params: ({ event }) => event } },
            'file.choose': { actions: { type: 'assignFile', params: ({ event }) => event } },
            'upload.start': { guard: 'isReady', target: 'upload', actions: 'startUpload' },
          },
        },
        upload: {
          description: 'Upload: the file goes (multipart POST); the bytes sent show as a progress bar. Leaving the step aborts it.',
          tags: 'uploading',
          invoke: {
            id: 'uploadDocument',
            src: 'uploadDocument',
            input: ({ context }) => uploadRequestOf(context),
          },
          on: {
            'upload.progress': { actions: { type: 'assignProgress', params: ({ event }) => event } },
            'upload.done': {
              target: 'success',
              description: 'The platform keeps the document (under review): the modal hears it, the list loads again.',
              actions: [{ type: 'assignUploaded', params: ({ event }) => ({ document: event.document }) }, 'tellUploaded', 'refreshList'],
            },
            'upload.failed': { target: 'error', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        success: {
          description: 'Success: the document is uploaded and under review; a list type (payment, other) can take another file.',
          tags: 'done',
          on: {
            'file.choose': { target: 'preUpload', actions: { type: 'assignFile', params: ({ event }) => event } },
          },
        },
        error: {
          description:
            'Error: the upload failed (the refusal\'s code or the network, shown translated); the chosen file stays, so Try again ' +
            'sends it again; another file can be chosen.',
          tags: ['form', 'error'],
          on: {
            'upload.retry': { guard: 'isReady', target: 'upload', actions: 'startUpload' },
            'documentType.select': { actions: { type: 'assignDocumentType', params: ({ event }) => event } },
            'depositMethod.select': { actions: { type: 'assignDepositMethod', params: ({ event }) => event } },
            'file.choose': { target: 'preUpload', actions: { type: 'assignFile', params: ({ event }) => event } },
          },
        },
        uploaded: {
          description: "Uploaded: the step's document is already with the platform (under review or verified); nothing to send.",
          tags: 'done',
        },
      },
    },
    list: {
      description: "The player's documents and KYC level as the page shows them.",
      initial: 'refreshing',
      states: {
        refreshing: {
          description: 'The documents load (at start, on a pushed attribute change, after an upload); what was shown stays until the answer.',
          tags: 'refreshing',
          on: { 'documents.refresh': { target: 'refreshing', reenter: true, description: 'Another change while loading: the load starts again.' } },
          invoke: {
            id: 'refreshDocuments',
            src: 'loadDocuments',
            onDone: { target: 'shown', actions: { type: 'assignDocuments', params: ({ event }) => ({ documents: event.output }) } },
            onError: { target: 'shown', actions: { type: 'assignListError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        shown: {
          description: 'The documents show (or the last load\'s error); `documents.refresh` loads them again.',
          on: { 'documents.refresh': 'refreshing' },
        },
      },
    },
  },
});
