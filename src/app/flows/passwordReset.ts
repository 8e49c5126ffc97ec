import { fromPromise } from 'xstate';
import { passwordResetMachine, type ResetRequested, type ResetVerified } from '../../../machines/passwordReset.machine';
import { playerApi } from '../../api/player';

/** The password reset with the platform's calls (behaviour.md §7 /player/password_reset). */
export function passwordResetFlow() {
  return passwordResetMachine.provide({
    actors: {
      requestReset: fromPromise<ResetRequested, { email: string }>(({ input, signal }) => playerApi.resetRequest(input, signal)),
      verifyResetCode: fromPromise<ResetVerified, { smsResetKeyId: string; code: string }>(({ input, signal }) =>
        playerApi.resetVerify(input, signal),
      ),
      setNewPassword: fromPromise<unknown, { resetKey: string; password: string }>(({ input, signal }) =>
        playerApi.resetPassword(input, signal),
      ),
    },
  });
}
