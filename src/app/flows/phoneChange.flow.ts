import { fromPromise } from 'xstate';
import {
  codeVerificationMachine,
  type CodeCheck,
  type CodeRequest,
  type CodeSent,
  type CodeVerified,
} from '../../../machines/codeVerification.machine';
import { phoneChangeMachine, type PhoneChangeInput, type PhoneCodeSent } from '../../../machines/phoneChange.machine';
import { playerApi } from '../../api/player';
import type { ProvideFlow } from './index';

/** The phone change's code entry: a new code is a new request for the same number (a new verification id). */
const phoneCodeVerification = codeVerificationMachine.provide({
  actors: {
    sendCode: fromPromise<CodeSent, CodeRequest>(async ({ input, signal }) => {
      if (input.subject.kind !== 'phoneChange') throw new Error(`phone change code entry got a ${input.subject.kind} subject`);
      const { phonePrefix, phoneBody } = input.subject;
      const { smsVerificationId } = await playerApi.phoneRequest({ phonePrefix, phoneBody }, signal);
      return { ticket: smsVerificationId, sentTo: null };
    }),
    verifyCode: fromPromise<CodeVerified, CodeCheck>(async ({ input, signal }) => {
      await playerApi.phoneVerify({ smsVerificationId: input.ticket ?? '', code: input.code }, signal);
      return { key: null };
    }),
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
