import { fromPromise } from 'xstate';
import { passwordResetMachine, type ResetRequested } from '../../../machines/passwordReset.machine';
import { playerApi } from '../../api/player';
import { codeEntryFor } from './codeEntry';
import type { ProvideFlow } from './index';

/** The reset's code entry: a new code is a new reset request for the account (a new smsResetKeyId). */
const resetCodeVerification = codeEntryFor('passwordReset', {
  send: async ({ subject }, signal) => {
    const { smsResetKeyId } = await playerApi.resetRequest({ email: subject.email }, signal);
    return { ticket: smsResetKeyId, sentTo: null };
  },
  verify: async ({ ticket, code }, signal) => {
    const { resetKey } = await playerApi.resetVerify({ smsResetKeyId: ticket ?? '', code }, signal);
    return { key: resetKey };
  },
});

/** The password reset with the platform's calls (behaviour.md §7 /player/password_reset). */
export function passwordResetFlow() {
  return passwordResetMachine.provide({
    actors: {
      requestReset: fromPromise<ResetRequested, { email: string }>(({ input, signal }) => playerApi.resetRequest(input, signal)),
      setNewPassword: fromPromise<unknown, { resetKey: string; password: string }>(({ input, signal }) => playerApi.resetPassword(input, signal)),
      codeVerification: resetCodeVerification,
    },
  });
}

/** The flow's provided machine, as src/app/flows/index.ts loads it with the flow's route. */
export const provideFlow: ProvideFlow<'passwordReset'> = () => passwordResetFlow();
