import { fromPromise } from 'xstate';
import { phoneChangeMachine, type PhoneChangeInput, type PhoneCodeSent } from '../../../machines/phoneChange.machine';
import { playerApi } from '../../api/player';
import { codeEntryFor } from './codeEntry';
import type { ProvideFlow } from './index';

/** The phone change's code entry: a new code is a new request for the same number (a new verification id). */
const phoneCodeVerification = codeEntryFor('phoneChange', {
  send: async ({ subject: { phonePrefix, phoneBody } }, signal) => {
    const { smsVerificationId } = await playerApi.phoneRequest({ phonePrefix, phoneBody }, signal);
    return { ticket: smsVerificationId, sentTo: null };
  },
  verify: async ({ ticket, code }, signal) => {
    await playerApi.phoneVerify({ smsVerificationId: ticket ?? '', code }, signal);
    return { key: null };
  },
});

/** The phone change with the platform's calls (behaviour.md §7 /player/phone_number). */
export function phoneChangeFlow() {
  return phoneChangeMachine.provide({
    actors: {
      requestPhoneCode: fromPromise<PhoneCodeSent, PhoneChangeInput>(({ input, signal }) => playerApi.phoneRequest(input, signal)),
      codeVerification: phoneCodeVerification,
    },
  });
}

/** The flow's provided machine, as src/app/flows/index.ts loads it with the flow's route. */
export const provideFlow: ProvideFlow<'phoneChange'> = () => phoneChangeFlow();
