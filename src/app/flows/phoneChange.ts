import { fromPromise } from 'xstate';
import { phoneChangeMachine, type PhoneChangeInput, type PhoneCodeSent } from '../../../machines/phoneChange.machine';
import { playerApi } from '../../api/player';

/** The phone change with the platform's calls (behaviour.md §7 /player/phone_number). */
export function phoneChangeFlow() {
  return phoneChangeMachine.provide({
    actors: {
      requestPhoneCode: fromPromise<PhoneCodeSent, PhoneChangeInput>(({ input, signal }) => playerApi.phoneRequest(input, signal)),
      verifyPhoneCode: fromPromise<unknown, { smsVerificationId: string; code: string }>(({ input, signal }) =>
        playerApi.phoneVerify(input, signal),
      ),
    },
  });
}
