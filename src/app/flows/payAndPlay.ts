import { fromPromise, type ActorRefFrom } from 'xstate';
import type { accessCheckMachine } from '../../../machines/accessCheck.machine';
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
import { deviceFingerprint } from './deviceFingerprint';

/** The pay-and-play flow with the platform's calls provided (ARCHITECTURE.md "The actor system"). */
export function payAndPlayFlow() {
  return payAndPlayMachine.provide({
    actors: {
      // The visitor's country as the platform saw it in the access check (the app only renders once it answered).
      loadVisitorContext: fromPromise<VisitorContext>(async ({ system }) => {
        const accessCheck = system.get('accessCheck') as ActorRefFrom<typeof accessCheckMachine> | undefined;
        return {
          country: accessCheck?.getSnapshot().context.countryCode ?? DEFAULT_SIGNUP_COUNTRY,
          // The platform reads the address from the request itself; the browser cannot know it.
          ipAddress: '',
          blackbox: await deviceFingerprint(),
        };
      }),
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
