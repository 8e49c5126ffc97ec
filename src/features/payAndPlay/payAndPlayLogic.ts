import { fromPromise } from 'xstate';
import { DEFAULT_SIGNUP_COUNTRY } from '../../../machines/lib/constants';
import type { VisitorContext } from '../../../machines/lib/payAndPlay';
import type { AuthenticatedSession } from '../../../machines/login.machine';
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
import type { SessionActor } from '../../app/session';
import { deviceFingerprint } from './deviceFingerprint';

/** The visitor's country as the platform saw it in the access check (the app only renders once it answered). */
function visitorCountry(session: SessionActor): string {
  return session.getSnapshot().context.accessCheckRef.getSnapshot().context.countryCode ?? DEFAULT_SIGNUP_COUNTRY;
}

/** The pay-and-play machine with the platform's calls and the browser's navigation provided. */
export function payAndPlayLogic(session: SessionActor) {
  return payAndPlayMachine.provide({
    actors: {
      loadVisitorContext: fromPromise<VisitorContext>(async () => ({
        country: visitorCountry(session),
        // The platform reads the address from the request itself; the browser cannot know it.
        ipAddress: '',
        blackbox: await deviceFingerprint(),
      })),
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
      redirectToProvider: (_, { url }) => {
        window.location.assign(payAndPlayApi.providerUrl(url));
      },
    },
  });
}
