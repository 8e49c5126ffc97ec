import { fromPromise } from 'xstate';
import type { SecondFactorChallenge } from '../../../machines/lib/secondFactor';
import { secondFactorSetupMachine, type SecondFactorSetupStatus, type SetupFactorAnswer, type SetupIntent } from '../../../machines/secondFactorSetup.machine';
import { secondFactorApi } from '../../api/secondFactor';
import type { ProvideFlow } from './index';

/**
 * The second factor's setup with the platform's calls (src/api/secondFactor.ts); the passkey
 * prompts and @simplewebauthn/browser come from src/app/secondFactor/ceremonies.ts, loaded when used.
 */
export function secondFactorSetupFlow() {
  return secondFactorSetupMachine.provide({
    actors: {
      loadStatus: fromPromise<SecondFactorSetupStatus>(({ signal }) => secondFactorApi.status(signal)),
      registerPasskey: fromPromise<string[] | null>(async ({ signal }) => (await import('../secondFactor/ceremonies')).registerPasskey(signal)),
      enrolTotp: fromPromise<{ secret: string; uri: string }>(({ signal }) => secondFactorApi.enrolTotp(signal)),
      confirmTotp: fromPromise<string[] | null, { code: string }>(({ input, signal }) => secondFactorApi.confirmTotp(input.code, signal)),
      openChallenge: fromPromise<SecondFactorChallenge>(({ signal }) => secondFactorApi.challenge(signal)),
      applyProof: fromPromise<string[] | null, { intent: SetupIntent; answer: SetupFactorAnswer }>(async ({ input, signal }) => {
        const proof = await (await import('../secondFactor/ceremonies')).proofOf(input.answer, signal);
        if (input.intent === 'renewCodes') return secondFactorApi.newRecoveryCodes(proof, signal);
        await secondFactorApi.disable(proof, signal);
        return null;
      }),
    },
  });
}

/** The flow's provided machine, as src/app/flows/index.ts loads it with the flow's route. */
export const provideFlow: ProvideFlow<'secondFactorSetup'> = () => secondFactorSetupFlow();
