import type { EventObject } from 'xstate';
import type { AccountClosurePayout } from '../../../machines/accountClosure.machine';
import { ApiError } from '../../../src/api/errors';

// The account closure's samples, shared by its path test (tests/machines/accountClosure.machine.test.ts)
// and `npm run paths accountClosure` (scripts/lib/pathModels.ts): the platform's answers and the
// player's events, by state.

/** The platform's answer: the balance paid out as a pending withdrawal. */
export const PAYOUT: AccountClosurePayout = { amount: '42.50', currency: 'EUR', referenceId: 'W-1' };
export const CLOSED_ANSWER = { status: 'CLOSED', payout: PAYOUT };

export const offline = new ApiError('network', 0, 'network.error', 'Network Error');
export const wrongPassword = new ApiError('http', 400, 'error.old_password.incorrect', 'The current password is not right.');
export const tooManyAttempts = new ApiError('http', 429, 'code:error.sign.in.attempt.count.exceeded', 'Too many failed attempts.');

const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as EventObject;
const failed = (id: string, error: unknown): EventObject => ({ type: `xstate.error.actor.${id}`, actorId: id, error }) as EventObject;

/** The player's confirmations: with the password, and without one (an account opened with the bank). */
export const SUBMITS: readonly EventObject[] = [
  { type: 'closure.submit', password: 'Aurora-Player-1' } as EventObject,
  { type: 'closure.submit', password: '' } as EventObject,
];

/** The events to try in a state (the value's name): the call's answers while it runs, the player's events elsewhere. */
export function eventsIn(state: string): EventObject[] {
  switch (state) {
    case 'idle':
      return [{ type: 'closure.open' }];
    case 'closing':
      return [done('closeAccount', CLOSED_ANSWER), failed('closeAccount', wrongPassword), failed('closeAccount', offline), failed('closeAccount', tooManyAttempts)];
    case 'closed':
      return [];
    default:
      return [...SUBMITS, { type: 'closure.cancel' }];
  }
}
