// The pay-and-play flow's fixtures (tests/machines/payAndPlay.machine.test.ts): its pages' inputs,
// the visitor, the bank's and the platform's answers, and the events its path test tries (`events`).
// `npm run paths payAndPlay` walks the same events (scripts/lib/pathModels.ts).
import type { EventFromLogic } from 'xstate';
import type { AuthenticatedSession, SessionClaims } from '../../../machines/lib/identity';
import type { VisitorContext } from '../../../machines/lib/payAndPlay';
import type { AuthorizeResult, payAndPlayMachine, PayAndPlayInput, VerifyCodeResult } from '../../../machines/payAndPlay.machine';
import { ApiError } from '../../../src/api/errors';

type PayAndPlayEvent = EventFromLogic<typeof payAndPlayMachine>;

const TARGET = '/online-casino';

export const startInput: PayAndPlayInput = { langmarket: 'en-FI', target: TARGET, amount: null, callback: null };
export const callbackInput: PayAndPlayInput = {
  langmarket: 'en-FI',
  target: TARGET,
  amount: '20',
  callback: { code: '123456', sessionId: 'pnp-session-1', error: null },
};
export const cancelledInput: PayAndPlayInput = {
  langmarket: 'en-FI',
  target: null,
  amount: '20',
  callback: { code: null, sessionId: 'pnp-session-1', error: 'cancelled' },
};

export const visitor: VisitorContext = { country: 'FI', ipAddress: '', blackbox: 'fp1:abc' };
const claims: SessionClaims = {
  countryCode: 'FI',
  playerId: 77,
  playerAccessId: 'access-77',
  email: 'new@example.com',
  language: 'en',
  iat: 1_700_000_000,
  loginMethod: 'PAYNPLAY',
  zendeskJwtToken: null,
  registrationDate: null,
  multibrand: null,
  provinceCode: null,
  exp: 1_700_003_600,
};
export const login: AuthenticatedSession = { idToken: 'header.payload.signature', claims };
export const knownPlayer: VerifyCodeResult = { email: 'player@example.com', mobilePhone: '+358401234567', playerId: 1 };
export const newPlayer: VerifyCodeResult = { email: null, mobilePhone: null, playerId: 77 };
export const authorized: AuthorizeResult = { sessionId: 'pnp-session-1', redirectUrl: '/api/bankid/authorize?session=pnp-session-1' };

const offline = new ApiError('network', 0, 'network.error', 'Network Error');
const amountRefused = new ApiError('http', 400, 'error.paynplay.amount.invalid', 'Amount out of range');
const codeRefused = new ApiError('http', 400, 'error.paynplay.code.invalid', 'Code already used');
export const emailTaken = new ApiError('http', 409, 'error.registration.player_already_exists', 'E-mail in use');

// The machine's event type lists what the screen sends; the graph also needs the invoked actors' answers.
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as unknown as PayAndPlayEvent;
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, actorId: id, error }) as unknown as PayAndPlayEvent;

export const events: PayAndPlayEvent[] = [
  done('loadVisitorContext', visitor),
  failed('loadVisitorContext', new Error('no fingerprint')),
  { type: 'amount.change', value: '20' },
  { type: 'amount.change', value: '20.505' },
  // Issue 21: the first limit's fields (a Finnish visitor's form has none; the transitions are the form's all the same).
  { type: 'limit.change', value: '500' },
  { type: 'limit.duration', duration: 'W' },
  { type: 'amount.submit' },
  done('authorize', authorized),
  failed('authorize', amountRefused),
  done('verifyCode', knownPlayer),
  done('verifyCode', newPlayer),
  failed('verifyCode', codeRefused),
  { type: 'verify.retry' },
  { type: 'update.change', field: 'email', value: 'new@example.com' },
  { type: 'update.change', field: 'phoneBody', value: '40 123 4567' },
  { type: 'update.submit' },
  done('updatePlayer', { ok: true }),
  failed('updatePlayer', emailTaken),
  failed('updatePlayer', offline),
  done('loginPlayer', login),
  failed('loginPlayer', offline),
  { type: 'login.retry' },
];
