import { describe, expect, it } from 'vitest';
import type { SecondFactorChallenge } from '../../machines/lib/secondFactor';
import { secondFactorSetupMachine, type SecondFactorSetupStatus, type SetupFactorAnswer, type SetupIntent } from '../../machines/secondFactorSetup.machine';
import { coverPaths, FakePromises, formatCoverage } from './lib/pathCoverage';
import { ON, TOTP, CODES, CHALLENGE, wrongCode, expired, cancelled, secondFactorSetupEventsIn as eventsIn } from './lib/secondFactorSetup.fixtures';

// The second factor's setup (issue 23), walked to every state and transition: the status load and
// its retry, a passkey registered (the first factor shows its recovery codes once; a cancelled
// prompt changes nothing), the authenticator app (its secret, a wrong then a right first code), and
// the factor asked before turning it off or renewing the codes (a wrong code, an expired check).

type Machine = typeof secondFactorSetupMachine;

function setupWith(fakes: FakePromises) {
  const machine = secondFactorSetupMachine.provide({
    actors: {
      loadStatus: fakes.actor<SecondFactorSetupStatus>(),
      registerPasskey: fakes.actor<string[] | null>(),
      enrolTotp: fakes.actor<{ secret: string; uri: string }>(),
      confirmTotp: fakes.actor<string[] | null, { code: string }>(),
      openChallenge: fakes.actor<SecondFactorChallenge>(),
      applyProof: fakes.actor<string[] | null, { intent: SetupIntent; answer: SetupFactorAnswer }>(),
    },
  });
  return { machine, world: {} };
}

describe('second factor setup machine (issue 23: passkeys, authenticator app, recovery codes)', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    const result = await coverPaths<Machine, object>({
      setup: setupWith,
      events: eventsIn,
      check: (snapshot, { event, fakes }) => {
        const { context } = snapshot;
        const error = event.type.startsWith('xstate.error.actor.') ? (event as { error: unknown }).error : null;
        switch (snapshot.value) {
          case 'loading':
            expect(snapshot.hasTag('loading')).toBe(true);
            expect(fakes.isPending('loadStatus')).toBe(true);
            // Codes shown once are forgotten.
            expect(context.recoveryCodes).toBeNull();
            break;
          case 'loadFailed':
            expect(context.error).toEqual({ code: 'network' });
            break;
          case 'overview':
            expect(snapshot.hasTag('overview')).toBe(true);
            expect(context.status).not.toBeNull();
            expect(context.error).toBeNull();
            expect(context.challenge).toBeNull();
            expect(context.totp).toBeNull();
            break;
          case 'registeringPasskey':
            expect(fakes.isPending('registerPasskey')).toBe(true);
            break;
          case 'enrollingTotp':
            // Only while the app is off.
            expect(context.status?.totp).toBe(false);
            expect(fakes.isPending('enrolTotp')).toBe(true);
            break;
          case 'totpPending':
            expect(snapshot.hasTag('totp')).toBe(true);
            expect(context.totp).toEqual(TOTP);
            if (error === wrongCode) expect(context.error).toEqual({ code: 'invalid', attemptsLeft: 4 });
            else expect(context.error).toBeNull();
            break;
          case 'confirmingTotp':
            expect(fakes.calls.at(-1)?.input).toEqual({ code: '123456' });
            break;
          case 'showingCodes':
            expect(snapshot.hasTag('codes')).toBe(true);
            expect(context.recoveryCodes).toEqual(CODES);
            expect(context.totp).toBeNull();
            break;
          case 'openingChallenge':
            // Only with a factor on, for one of the two changes.
            expect(context.status).toEqual(ON);
            expect(['disable', 'renewCodes']).toContain(context.intent);
            break;
          case 'proving':
            expect(snapshot.hasTag('proving')).toBe(true);
            expect(context.challenge).toEqual(CHALLENGE);
            if (error === wrongCode) expect(context.error?.code).toBe('invalid');
            break;
          case 'applying': {
            const answer = event.type === 'proof.passkey' ? { challengeToken: 'manage-token', method: 'passkey' } : { challengeToken: 'manage-token', method: 'recovery', code: 'abcde-12345' };
            expect(fakes.calls.at(-1)?.input).toEqual({ intent: context.intent, answer });
            break;
          }
          case 'failed':
            expect(snapshot.hasTag('overview')).toBe(true);
            expect(context.error?.code).toBe(error === cancelled ? 'passkey' : error === expired ? 'expired' : 'network');
            break;
        }
      },
    });
    console.info(formatCoverage('secondFactorSetup', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  });
});
