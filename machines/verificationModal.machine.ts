// The verification modal and the withdrawal-forfeit modal (behaviour.md §4 "Document verification":
// "The verification modal is inactive, notify or uploaded. Close, verify-later and terminate close
// it. Verify-later and terminate make it inactive. A separate withdrawal-forfeit modal opens and
// closes. The verification flow can open from the account page, the deposit page or modal, and the
// withdraw page or modal"; product.md §3 "Documents": openModal, startPoint, modalTitleId).
//
// A child of the session (flow `verificationModal`), started with the upload flow
// (machines/verification.machine.ts) by the account area's layout route and by /deposit; it has no
// end. Two regions:
//
// - verification: inactive → (`modal.open` with where from and why) notify: the modal asks for the
//   documents, the upload flow's step inside it → (the upload flow's `modal.uploaded`) uploaded.
//   `modal.close` closes the modal and keeps its status (the page can open it again); `modal.verifyLater`
//   and `modal.terminate` close it and make it inactive. Leaving it hands the cashier it was opened
//   from back its flow (action `resumeCashier`, provided by src/app): verify-later postpones the
//   preferred verification of a deposit; terminate after an upload checks the deposit or the
//   withdrawal again, so it resumes where the documents stopped it.
// - forfeit: the withdrawal-forfeit modal, closed ⇄ open.
import { assign, setup } from 'xstate';
import type { VerificationStartPoint } from './lib/verification';

/** Why the modal opened: the cashier's document result, or the player's own choice (product.md §3 modalTitleId). */
export type VerificationModalReason = 'required' | 'preferred' | 'strict' | 'requested';

/** How the cashier the modal was opened from goes on: postponed (verify later) or checked again (after an upload). */
export type CashierResume = 'postpone' | 'recheck';

export interface VerificationModalContext {
  /** Whether the modal is on screen (product.md §3 openModal); close hides it and keeps its status. */
  openModal: boolean;
  /** Where it was opened from. */
  startPoint: VerificationStartPoint;
  /** Why it opened: its title (product.md §3 modalTitleId). */
  reason: VerificationModalReason;
  /** DOCUMENTS_PREFERRED's days left to verify (product.md §3 daysLeftToVerifyDocuments); null otherwise. */
  daysLeft: number | null;
}

export type VerificationModalEvent =
  | { type: 'modal.open'; startPoint: VerificationStartPoint; reason: VerificationModalReason; daysLeft?: number | null }
  | { type: 'modal.uploaded' }
  | { type: 'modal.close' }
  | { type: 'modal.verifyLater' }
  | { type: 'modal.terminate' }
  | { type: 'forfeit.open' }
  | { type: 'forfeit.close' };

/** The default `resumeCashier`: nothing (src/app provides the real one; its params are typed here). */
const resumeNothing: (args: unknown, params: { startPoint: VerificationStartPoint; how: CashierResume }) => void = () => undefined;

export const verificationModalMachine = setup({
  types: {
    context: {} as VerificationModalContext,
    events: {} as VerificationModalEvent,
  },
  actions: {
    /** The deposit or withdrawal the modal was opened from goes on (src/app: its flow, by systemId). */
    resumeCashier: resumeNothing,
    assignOpen: assign((_, params: { startPoint: VerificationStartPoint; reason: VerificationModalReason; daysLeft: number | null | undefined }) => ({
      openModal: true,
      startPoint: params.startPoint,
      reason: params.reason,
      daysLeft: params.daysLeft ?? null,
    })),
    hide: assign({ openModal: false }),
    reopen: assign({ openModal: true }),
  },
}).createMachine({
  id: 'verificationModal',
  description:
    'behaviour.md §4 "Document verification": the verification modal (inactive, notify, uploaded; close, verify-later and ' +
    'terminate close it, verify-later and terminate make it inactive), opened from the account page, the deposit and the ' +
    'withdrawal; beside it the withdrawal-forfeit modal, which opens and closes. It has no end.',
  type: 'parallel',
  context: { openModal: false, startPoint: 'account', reason: 'requested', daysLeft: null } satisfies VerificationModalContext,
  states: {
    verification: {
      description: 'The verification modal.',
      initial: 'inactive',
      states: {
        inactive: {
          description: 'Inactive: no modal; the account page, the deposit or the withdrawal may open it.',
          on: {
            'modal.open': {
              target: 'notify',
              description: 'Opened from a page, with why (a document result of the cashier, or the player asking).',
              actions: { type: 'assignOpen', params: ({ event }) => ({ startPoint: event.startPoint, reason: event.reason, daysLeft: event.daysLeft }) },
            },
          },
        },
        notify: {
          description: 'Notify: the modal asks for the documents and holds the upload step; closed, it keeps this status.',
          on: {
            'modal.open': {
              description: 'Opened again (after a close), maybe from elsewhere or for another reason.',
              actions: { type: 'assignOpen', params: ({ event }) => ({ startPoint: event.startPoint, reason: event.reason, daysLeft: event.daysLeft }) },
            },
            'modal.uploaded': { target: 'uploaded', description: 'The upload flow stored a document: the modal says so.' },
            'modal.close': { description: 'Close: the modal hides; its status stays.', actions: 'hide' },
            'modal.verifyLater': {
              target: 'inactive',
              description: 'Verify later: the modal closes and goes inactive; a preferred verification of a deposit is postponed.',
              actions: ['hide', { type: 'resumeCashier', params: ({ context }) => ({ startPoint: context.startPoint, how: 'postpone' as const }) }],
            },
            'modal.terminate': { target: 'inactive', description: 'Terminate: the modal closes and goes inactive.', actions: 'hide' },
          },
        },
        uploaded: {
          description: 'Uploaded: the document is sent and under review; the player goes back to what they were doing.',
          on: {
            'modal.open': { description: 'Opened again after a close.', actions: 'reopen' },
            'modal.close': { description: 'Close: the modal hides; its status stays.', actions: 'hide' },
            'modal.verifyLater': {
              target: 'inactive',
              description: 'Verify later: the modal closes and goes inactive; the cashier is checked again.',
              actions: ['hide', { type: 'resumeCashier', params: ({ context }) => ({ startPoint: context.startPoint, how: 'recheck' as const }) }],
            },
            'modal.terminate': {
              target: 'inactive',
              description: 'Terminate (Continue): the modal closes and goes inactive; the deposit or withdrawal is checked again and resumes.',
              actions: ['hide', { type: 'resumeCashier', params: ({ context }) => ({ startPoint: context.startPoint, how: 'recheck' as const }) }],
            },
          },
        },
      },
    },
    forfeit: {
      description: 'The withdrawal-forfeit modal (behaviour.md §4: it opens and closes).',
      initial: 'closed',
      states: {
        closed: { description: 'Closed.', on: { 'forfeit.open': 'open' } },
        open: { description: 'Open: the withdrawal would forfeit the active bonus; the player confirms or closes.', on: { 'forfeit.close': 'closed' } },
      },
    },
  },
});
