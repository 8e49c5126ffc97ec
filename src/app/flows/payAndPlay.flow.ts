import { fromPromise, type ActorRefFrom } from 'xstate';
import type { accessCheckMachine } from '../../../machines/accessCheck.machine';
import { DEFAULT_SIGNUP_COUNTRY } from '../../../machines/lib/constants';
import type { AuthenticatedSession } from '../../../machines/lib/identity';
import { payAndPlayCountryFor, type VisitorContext } from '../../../machines/lib/payAndPlay';
import { marketOfCountry } from '../../../machines/lib/wallet';
import {
  payAndPlayMachine,
  type AuthorizeInput,
  type AuthorizeResult,
  type LoginPlayerInput,
  type UpdatePlayerInput,
  type VerifyCodeInput,
  type VerifyCodeResult,
} from '../../../machines/payAndPlay.machine';
import { parseIdToken } from '../../api/auth';
import { payAndPlayApi } from '../../api/payAndPlay';
import { responsibleGamblingApi } from '../../api/responsibleGambling';
import { deviceFingerprint } from './deviceFingerprint';
import type { ProvideFlow } from './index';

/**
 * The pay-and-play flow with the platform's calls and the browser's navigation provided
 * (ARCHITECTURE.md "The actor system"): the one place its outside world is wired.
 */
export function payAndPlayFlow() {
  return payAndPlayMachine.provide({
    actors: {
      // The visitor's country as the platform saw it in the access check (the app only renders once
      // it answered); the route's market decides first (machines/lib/payAndPlay.ts visitorFor).
      loadVisitorContext: fromPromise<VisitorContext, { langmarket: string }>(async ({ input, system, signal }) => {
        const accessCheck = system.get('accessCheck') as ActorRefFrom<typeof accessCheckMachine> | undefined;
        const country = accessCheck?.getSnapshot().context.countryCode ?? DEFAULT_SIGNUP_COUNTRY;
        // Issue 21: the rules of the pay-and-play country's market as the platform answers them
        // (the operator's overrides): whether a deposit limit comes first. Unanswered: the market's
        // defaults (visitorFor), and the platform's authorize holds the same rule either way.
        const market = marketOfCountry(payAndPlayCountryFor(input.langmarket, country));
        const rules = await responsibleGamblingApi.marketRules(market, signal).catch(() => null);
        return {
          country,
          // The platform reads the address from the request itself; the browser cannot know it.
          ipAddress: '',
          blackbox: await deviceFingerprint(),
          marketRules: rules === null ? null : { market, rules },
        };
      }),
      authorize: fromPromise<AuthorizeResult, AuthorizeInput>(({ input, signal }) => payAndPlayApi.authorize(input, signal)),
      verifyCode: fromPromise<VerifyCodeResult, VerifyCodeInput>(({ input, signal }) => payAndPlayApi.verifyCode(input, signal)),
      updatePlayer: fromPromise<unknown, UpdatePlayerInput>(({ input, signal }) => payAndPlayApi.updatePlayer(input, signal)),
      // The claims are read here so that a token that does not parse is a failed login, not a crash.
      loginPlayer: fromPromise<AuthenticatedSession, LoginPlayerInput>(async ({ input, signal }) => {
        const { idToken } = await payAndPlayApi.login(input, signal);
        return { idToken, claims: parseIdToken(idToken) };
      }),
    },
    actions: {
      // The browser leaves for the provider's page; it comes back on /signup/callback.
      redirectToProvider: (_, { url }) => {
        window.location.assign(payAndPlayApi.providerUrl(url));
      },
    },
  });
}

/** The flow's provided machine, as src/app/flows/index.ts loads it with the flow's route. */
export const provideFlow: ProvideFlow<'payAndPlay'> = () => payAndPlayFlow();
