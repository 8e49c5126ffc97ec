import { createActor } from 'xstate';
import type { EventObject, SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  codeVerificationMachine,
  type CodeCheck,
  type CodeRequest,
  type CodeSent,
  type CodeVerificationInput,
  type CodeVerificationOutput,
  type CodeVerified,
} from '../../machines/codeVerification.machine';
import { phoneChangeMachine, type PhoneChangeInput, type PhoneCodeSent } from '../../machines/phoneChange.machine';
import { ApiError } from '../../src/api/errors';
import { coverPaths, FakePromises, formatCoverage, settle } from './lib/pathCoverage';

type PhoneSnapshot = SnapshotFrom<typeof phoneChangeMachine>;
type PathEvent = EventObject & Record<string, unknown>;

const PREFIX = '+358';
const BODY = '401234500';
const CODE = '654321';

const codeInvalid = new ApiError('http', 400, 'sms.code.invalid', 'Wrong code');
const maxAttempts = new ApiError('http', 429, 'sms.max.attempts.reached', 'Too many attempts');
const phoneInvalid = new ApiError('http', 403, 'error.vonage.validation', 'Phone not valid');
const badBody = new ApiError('http', 400, 'error.validation', 'Invalid', [{ field: 'phoneBody', code: 'error.phone.invalid' }]);

const done = (id: string, output: unknown): PathEvent => ({ type: `xstate.done.actor.${id}`, actorId: id, output });
const failed = (id: string, error: unknown): PathEvent => ({ type: `xstate.error.actor.${id}`, actorId: id, error });
const codeEntryEnds: CodeVerificationOutput[] = [
  { outcome: 'verified', key: null },
  { outcome: 'blocked', reason: 'wrongCodes', retryAfterSeconds: null },
  { outcome: 'cancelled', sent: { ticket: 'sv-1', sentTo: null } },
];

const EMPTY = { phonePrefix: '', phoneBody: '', smsVerificationId: null, error: null };

function eventsIn(snapshot: PhoneSnapshot): PathEvent[] {
  const player: PathEvent[] = [{ type: 'phone.submit', phonePrefix: PREFIX, phoneBody: ` ${BODY} ` }, { type: 'popup.close' }];
  if (snapshot.matches('requesting')) {
    return [...player, done('requestPhoneCode', { smsVerificationId: 'sv-1' }), failed('requestPhoneCode', phoneInvalid), failed('requestPhoneCode', badBody)];
  }
  if (snapshot.matches('codePopup')) return [...player, ...codeEntryEnds.map((output) => done('codeVerification', output))];
  return player;
}

/** The flow with fakes; code entry itself is a fake whose end each path picks (its own test covers it). */
function setupWith(fakes: FakePromises) {
  const machine = phoneChangeMachine.provide({
    actors: {
      requestPhoneCode: fakes.actor<PhoneCodeSent, PhoneChangeInput>(),
      codeVerification: fakes.actor<CodeVerificationOutput, CodeVerificationInput>() as never,
    },
  });
  return { machine, world: undefined };
}

describe('phone change machine (behaviour.md §4 "Phone change", §5)', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    const result = await coverPaths({
      setup: setupWith,
      events: eventsIn as never,
      check: (snapshot, { event: stepEvent, fakes }) => {
        const event = stepEvent as PathEvent;
        const { context } = snapshot;
        const last = fakes.calls.at(-1);
        const popupOpen = snapshot.hasTag('popup');

        // The popup is open exactly while a verification id is known, with code entry for it.
        expect(popupOpen).toBe(context.smsVerificationId !== null);
        expect(popupOpen).toBe(snapshot.matches('codePopup'));
        // The loader is on while the request runs.
        expect(snapshot.hasTag('loading')).toBe(snapshot.matches('requesting'));

        if (snapshot.matches('requesting')) {
          expect(fakes.isPending('requestPhoneCode')).toBe(true);
          expect(last).toEqual({ id: 'requestPhoneCode', input: { phonePrefix: PREFIX, phoneBody: BODY } });
        }
        if (snapshot.matches('codePopup')) {
          // The code is entered for the verification id the request gave, and the number typed.
          expect(last).toEqual({
            id: 'codeVerification',
            input: { channel: 'sms', subject: { kind: 'phoneChange', phonePrefix: PREFIX, phoneBody: BODY }, sent: { ticket: 'sv-1', sentTo: null } },
          });
        }
        switch (event.type) {
          case 'xstate.error.actor.requestPhoneCode':
            // Error closes it and shows the error; the typed number stays.
            expect(snapshot.value).toBe('idle');
            expect(context).toMatchObject({ phonePrefix: PREFIX, phoneBody: BODY, smsVerificationId: null });
            expect(context.error).toEqual(
              event.error === badBody
                ? { code: 'validation', fieldErrors: [{ field: 'phoneBody', code: 'error.phone.invalid' }] }
                : { code: 'error.vonage.validation', fieldErrors: [] },
            );
            break;
          case 'xstate.done.actor.codeVerification': {
            const output = event.output as CodeVerificationOutput;
            if (output.outcome === 'verified') {
              // §5: only a verified code changes the number; the flow ends for the session to say so.
              expect(snapshot.status).toBe('done');
              expect(snapshot.output).toEqual({ outcome: 'changed' });
              expect(context).toEqual(EMPTY);
            } else if (output.outcome === 'blocked') {
              // sms.max.attempts.reached closes the popup; the form says so, the number kept.
              expect(snapshot.value).toBe('idle');
              expect(context).toMatchObject({ phonePrefix: PREFIX, phoneBody: BODY, smsVerificationId: null, error: { code: 'sms.max.attempts.reached' } });
            } else {
              expect(snapshot.value).toBe('idle');
              expect(context).toEqual(EMPTY);
            }
            break;
          }
          case 'popup.close':
            // Close resets the flow.
            if (snapshot.matches('idle')) expect(context.smsVerificationId).toBeNull();
            break;
          default:
            break;
        }
        if (snapshot.status !== 'done') expect(snapshot.output).toBeUndefined();
        if (snapshot.matches('idle')) expect(snapshot.hasTag('form')).toBe(true);
      },
    });
    console.info(formatCoverage('phoneChange', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  });

  /** The flow with its real code entry, the platform faked. */
  function startReal() {
    const fakes = new FakePromises();
    const machine = phoneChangeMachine.provide({
      actors: {
        requestPhoneCode: fakes.actor<PhoneCodeSent, PhoneChangeInput>(),
        codeVerification: codeVerificationMachine.provide({
          actors: { sendCode: fakes.actor<CodeSent, CodeRequest>(), verifyCode: fakes.actor<CodeVerified, CodeCheck>() },
        }),
      },
    });
    const actor = createActor(machine).start();
    const code = () => {
      const child = actor.getSnapshot().children.codeVerification;
      if (!child) throw new Error('the popup has no code entry');
      return child;
    };
    return { fakes, actor, code };
  }

  it('changes the number once, with a wrong code first and a resend in between', async () => {
    const { fakes, actor, code } = startReal();
    actor.send({ type: 'phone.submit', phonePrefix: PREFIX, phoneBody: BODY });
    fakes.resolve('requestPhoneCode', { smsVerificationId: 'sv-1' });
    await settle();
    code().send({ type: 'code.change', code: '000000' });
    code().send({ type: 'code.submit' });
    expect(fakes.calls.at(-1)).toEqual({
      id: 'verifyCode',
      input: { channel: 'sms', subject: { kind: 'phoneChange', phonePrefix: PREFIX, phoneBody: BODY }, ticket: 'sv-1', code: '000000' },
    });
    fakes.reject('verifyCode', codeInvalid);
    await settle();
    // A wrong code stays in the popup, with the code kept to correct.
    expect(actor.getSnapshot().hasTag('popup')).toBe(true);
    expect(code().getSnapshot().context).toMatchObject({ code: '000000', codeError: 'sms.code.invalid' });
    code().send({ type: 'code.resend' });
    fakes.resolve('sendCode', { ticket: 'sv-2', sentTo: null });
    await settle();
    expect(code().getSnapshot().hasTag('resent')).toBe(true);
    code().send({ type: 'code.change', code: CODE });
    code().send({ type: 'code.submit' });
    expect(fakes.calls.at(-1)?.input).toMatchObject({ ticket: 'sv-2', code: CODE });
    fakes.resolve('verifyCode', { key: null });
    await settle();
    expect(actor.getSnapshot().output).toEqual({ outcome: 'changed' });
    expect(fakes.calls.map((call) => call.id)).toEqual(['requestPhoneCode', 'verifyCode', 'sendCode', 'verifyCode']);
  });

  it('too many wrong codes close the popup with the reason, the number kept; close resets', async () => {
    const { fakes, actor, code } = startReal();
    actor.send({ type: 'phone.submit', phonePrefix: PREFIX, phoneBody: BODY });
    fakes.resolve('requestPhoneCode', { smsVerificationId: 'sv-1' });
    await settle();
    code().send({ type: 'code.change', code: CODE });
    code().send({ type: 'code.submit' });
    fakes.reject('verifyCode', maxAttempts);
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ phonePrefix: PREFIX, phoneBody: BODY, error: { code: 'sms.max.attempts.reached' } });
    actor.send({ type: 'phone.submit', phonePrefix: PREFIX, phoneBody: BODY });
    fakes.resolve('requestPhoneCode', { smsVerificationId: 'sv-3' });
    await settle();
    actor.send({ type: 'popup.close' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual(EMPTY);
    expect(actor.getSnapshot().children.codeVerification).toBeUndefined();
  });
});
