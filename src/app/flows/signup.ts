import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { AuthenticatedSession } from '../../../machines/lib/identity';
import type { LangMarket } from '../../../machines/lib/markets';
import { signupMachine, type RegistrationPhoneChange, type RegistrationSecret } from '../../../machines/signup.machine';
import { parseIdToken } from '../../api/auth';
import { captchaApi } from '../../api/captcha';
import { playerApi, type CodeSent, type RegistrationRequest, type RegistrationResponse } from '../../api/player';
import { termsVersionsQuery } from '../../api/queries';

/**
 * The sign-up flow with the real world provided (ARCHITECTURE.md: effects reach a machine as
 * actors): the simulated captcha, the current terms version from content (for the route's market,
 * read when it is needed), and the platform's registration calls.
 */
export function signupFlow(queryClient: QueryClient, langMarket: () => LangMarket) {
  return signupMachine.provide({
    actors: {
      solveCaptcha: fromPromise<string>(async ({ signal }) => (await captchaApi.solve(signal)).token),
      // behaviour.md §5: the accepted terms version comes from the current terms.
      fetchTermsVersion: fromPromise<number>(async () => (await queryClient.query(termsVersionsQuery(langMarket()))).current.version),
      register: fromPromise<RegistrationResponse, { body: RegistrationRequest; captchaToken: string }>(({ input, signal }) =>
        playerApi.register(input.body, input.captchaToken, signal),
      ),
      changeRegistrationPhone: fromPromise<unknown, RegistrationPhoneChange>(({ input, signal }) =>
        playerApi.changeRegistrationPhone(input, signal),
      ),
      sendSmsCode: fromPromise<CodeSent, RegistrationSecret>(({ input, signal }) => playerApi.smsRequest(input, signal)),
      verifySmsCode: fromPromise<unknown, RegistrationSecret & { code: string }>(({ input, signal }) =>
        playerApi.smsVerification(input, signal),
      ),
      sendEmailCode: fromPromise<CodeSent, RegistrationSecret>(({ input, signal }) => playerApi.emailRequest(input, signal)),
      verifyEmailCode: fromPromise<unknown, RegistrationSecret & { code: string }>(({ input, signal }) =>
        playerApi.emailVerification(input, signal),
      ),
      // The automatic login: a token whose claims do not parse is a failed completion, not a login.
      completeRegistration: fromPromise<AuthenticatedSession, RegistrationSecret>(async ({ input, signal }) => {
        const { idToken } = await playerApi.completeRegistration(input, signal);
        return { idToken, claims: parseIdToken(idToken) };
      }),
    },
  });
}
