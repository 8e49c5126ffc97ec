import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { LangMarket } from '../../../machines/lib/markets';
import type { AuthenticatedSession } from '../../../machines/lib/identity';
import { signupMachine, type RegistrationPhoneChange, type RegistrationSecret } from '../../../machines/signup.machine';
import { parseIdToken } from '../../api/auth';
import { captchaApi } from '../../api/captcha';
import { playerApi, type RegistrationRequest, type RegistrationResponse } from '../../api/player';
import { termsVersionsQuery } from '../../api/queries';
import { codeEntryFor } from './codeEntry';
import type { ProvideFlow } from './index';

/** The registration's secret, as the platform's sign-up code calls take it. */
const secretOf = ({ playerId, token }: RegistrationSecret): RegistrationSecret => ({ playerId, token });

/** The sign-up's code entry: SMS or e-mail codes for the registration (behaviour.md §7 sub-paths). */
const signupCodeVerification = codeEntryFor('registration', {
  send: async ({ channel, subject }, signal) => {
    const sent = channel === 'sms' ? await playerApi.smsRequest(secretOf(subject), signal) : await playerApi.emailRequest(secretOf(subject), signal);
    return { ticket: null, sentTo: sent.sentTo };
  },
  verify: async ({ channel, subject, code }, signal) => {
    const body = { ...secretOf(subject), code };
    await (channel === 'sms' ? playerApi.smsVerification(body, signal) : playerApi.emailVerification(body, signal));
    return { key: null };
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
