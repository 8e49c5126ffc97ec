import { fromPromise } from 'xstate';
import { DEFAULT_SIGNUP_COUNTRY } from '../../../machines/lib/constants';
import {
  payAndPlayMachine,
  type AuthorizeInput,
  type AuthorizeResult,
  type LoginPlayerInput,
  type LoginPlayerResult,
  type UpdatePlayerInput,
  type VerifyCodeInput,
  type VerifyCodeResult,
  type VisitorContext,
} from '../../../machines/payAndPlay.machine';
import { parseIdToken } from '../../api/auth';
import { paynplayApi } from '../../api/paynplay';
import type { SessionActor } from '../../app/session';
import { deviceFingerprint } from './deviceFingerprint';

/** The visitor's country as the platform saw it in the access check (the app only renders once it answered). */
function visitorCountry(session: SessionActor): string {
  return session.getSnapshot().context.accessCheckRef.getSnapshot().context.countryCode ?? DEFAULT_SIGNUP_COUNTRY;
}

/** The pay-and-play machine with the platform's calls provided (ARCHITECTURE.md "The actor system"). */
export function payAndPlayLogic(session: SessionActor) {
  return payAndPlayMachine.provide({
    actors: {
      loadVisitorContext: fromPromise<VisitorContext>(async () => ({
        country: visitorCountry(session),
        // The platform reads the address from the request itself; the browser cannot know it.
        ipAddress: '',
        blackbox: await deviceFingerprint(),
      })),
      authorize: fromPromise<AuthorizeResult, AuthorizeInput>(({ input, signal }) => paynplayApi.authorize(input, signal)),
      verifyCode: fromPromise<VerifyCodeResult, VerifyCodeInput>(({ input, signal }) => paynplayApi.verifyCode(input, signal)),
      updatePlayer: fromPromise<unknown, UpdatePlayerInput>(({ input, signal }) => paynplayApi.updatePlayer(input, signal)),
      // The claims are read here so that a token that does not parse is a failed login, not a crash.
      loginPlayer: fromPromise<LoginPlayerResult, LoginPlayerInput>(async ({ input, signal }) => {
        const { idToken } = await paynplayApi.login(input, signal);
        return { idToken, claims: parseIdToken(idToken) };
      }),
    },
  });
}
