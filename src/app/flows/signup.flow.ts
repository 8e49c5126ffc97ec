import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import {
  codeVerificationMachine,
  type CodeCheck,
  type CodeRequest,
  type CodeSent,
  type CodeSubject,
  type CodeVerified,
} from '../../../machines/codeVerification.machine';
import type { LangMarket } from '../../../machines/lib/markets';
import type { AuthenticatedSession } from '../../../machines/lib/identity';
import { signupMachine, type RegistrationPhoneChange, type RegistrationSecret } from '../../../machines/signup.machine';
import { parseIdToken } from '../../api/auth';
import { captchaApi } from '../../api/captcha';
import { playerApi, type RegistrationRequest, type RegistrationResponse } from '../../api/player';
import { termsVersionsQuery } from '../../api/queries';
import type { ProvideFlow } from './index';

/** The registration a sign-up code is for (the sign-up machine only invokes code entry with one). */
function registrationOf(subject: CodeSubject): RegistrationSecret {
  if (subject.kind !== 'registration') throw new Error(`sign-up code entry got a ${subject.kind} subject`);
  return { playerId: subject.playerId, token: subject.token };
}

/** The sign-up's code entry: SMS or e-mail codes for the registration (behaviour.md §7 sub-paths). */
const signupCodeVerification = codeVerificationMachine.provide({
  actors: {
    sendCode: fromPromise<CodeSent, CodeRequest>(async ({ input, signal }) => {
      const secret = registrationOf(input.subject);
      const sent = input.channel === 'sms' ? await playerApi.smsRequest(secret, signal) : await playerApi.emailRequest(secret, signal);
      return { ticket: null, sentTo: sent.sentTo };
    }),
    verifyCode: fromPromise<CodeVerified, CodeCheck>(async ({ input, signal }) => {
      const body = { ...registrationOf(input.subject), code: input.code };
      await (input.channel === 'sms' ? playerApi.smsVerification(body, signal) : playerApi.emailVerification(body, signal));
      return { key: null };
    }),
  },
});

/**
 * The sign-up flow with the real world provided (ARCHITECTURE.md: effects reach a machine as
 * actors): the simulated captcha, the current terms version from content (for the route's market,
 * read when it is needed), the platform's registration calls, and code entry by SMS or e-mail.
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
      codeVerification: signupCodeVerification,
      // The automatic login: a token whose claims do not parse is a failed completion, not a login.
      completeRegistration: fromPromise<AuthenticatedSession, RegistrationSecret>(async ({ input, signal }) => {
        const { idToken } = await playerApi.completeRegistration(input, signal);
        return { idToken, claims: parseIdToken(idToken) };
      }),
    },
  });
}

/** The flow's provided machine, as src/app/flows/index.ts loads it with the flow's route. */
export const provideFlow: ProvideFlow<'signup'> = ({ queryClient, langMarket }) => signupFlow(queryClient, langMarket);
