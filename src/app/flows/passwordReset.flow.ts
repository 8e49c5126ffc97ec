import { fromPromise } from 'xstate';
import {
  codeVerificationMachine,
  type CodeCheck,
  type CodeRequest,
  type CodeSent,
  type CodeVerified,
} from '../../../machines/codeVerification.machine';
import { passwordResetMachine, type ResetRequested } from '../../../machines/passwordReset.machine';
import { playerApi } from '../../api/player';
import type { ProvideFlow } from './index';

/** The reset's code entry: a new code is a new reset request for the account (a new smsResetKeyId). */
const resetCodeVerification = codeVerificationMachine.provide({
  actors: {
    sendCode: fromPromise<CodeSent, CodeRequest>(async ({ input, signal }) => {
      if (input.subject.kind !== 'passwordReset') throw new Error(`password reset code entry got a ${input.subject.kind} subject`);
      const { smsResetKeyId } = await playerApi.resetRequest({ email: input.subject.email }, signal);
      return { ticket: smsResetKeyId, sentTo: null };
    }),
    verifyCode: fromPromise<CodeVerified, CodeCheck>(async ({ input, signal }) => {
      const { resetKey } = await playerApi.resetVerify({ smsResetKeyId: input.ticket ?? '', code: input.code }, signal);
      return { key: resetKey };
    }),
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
