import type { SnapshotFrom } from 'xstate';
import type { SecondFactorChallenge } from '../../../machines/lib/secondFactor';
import type { secondFactorSetupMachine, SecondFactorSetupStatus } from '../../../machines/secondFactorSetup.machine';
import { ApiError } from '../../../src/api/errors';
import type { PathEvent } from './pathCoverage';

// The second factor setup's test data and the events of each state: one home for its path test
// (tests/machines/secondFactorSetup.machine.test.ts) and its QA path model (scripts/lib/pathModels.ts).

type Machine = typeof secondFactorSetupMachine;
type Snapshot = SnapshotFrom<Machine>;

export const OFF: SecondFactorSetupStatus = { totp: false, passkeys: 0, recoveryCodesLeft: 0 };
export const ON: SecondFactorSetupStatus = { totp: true, passkeys: 1, recoveryCodesLeft: 10 };
export const TOTP = { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Aurora%20Play:p%40example.com?secret=JBSWY3DPEHPK3PXP' };
export const CODES = ['abcde-12345', 'fghij-67890'];
export const CHALLENGE: SecondFactorChallenge = { challengeToken: 'manage-token', methods: ['passkey', 'totp', 'recovery'] };
export const offline = new ApiError('network', 0, 'network.error', 'Network Error');
export const wrongCode = new ApiError('http', 400, 'error.second_factor.invalid', 'Wrong', [], { attemptsLeft: 4 });
export const expired = new ApiError('http', 400, 'error.second_factor.challenge_invalid', 'Expired');
export const cancelled = new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as PathEvent<Machine>;
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, actorId: id, error }) as PathEvent<Machine>;

/** The events the player and the calls can send in each state. */
export function secondFactorSetupEventsIn(snapshot: Snapshot): PathEvent<Machine>[] {
  switch (snapshot.value) {
    case 'loading':
      return [done('loadStatus', OFF), done('loadStatus', ON), failed('loadStatus', offline)];
    case 'loadFailed':
      return [{ type: 'load.retry' }];
    case 'overview':
      return [{ type: 'setup.passkey' }, { type: 'setup.totp' }, { type: 'setup.disable' }, { type: 'setup.renewCodes' }];
    case 'registeringPasskey':
      return [done('registerPasskey', CODES), done('registerPasskey', null), failed('registerPasskey', cancelled)];
    case 'enrollingTotp':
      return [done('enrolTotp', TOTP), failed('enrolTotp', offline)];
    case 'totpPending':
      return [{ type: 'totp.confirm', code: '123456' }, { type: 'setup.cancel' }];
    case 'confirmingTotp':
      return [done('confirmTotp', CODES), done('confirmTotp', null), failed('confirmTotp', wrongCode)];
    case 'showingCodes':
      return [{ type: 'codes.done' }];
    case 'openingChallenge':
      return [done('openChallenge', CHALLENGE), failed('openChallenge', offline)];
    case 'proving':
      return [{ type: 'proof.submit', method: 'recovery', code: 'abcde-12345' }, { type: 'proof.passkey' }, { type: 'setup.cancel' }];
    case 'applying':
      return [done('applyProof', CODES), done('applyProof', null), failed('applyProof', wrongCode), failed('applyProof', expired)];
    case 'failed':
      return [{ type: 'setup.cancel' }];
    default:
      return [];
  }
}

