import { createActor } from 'xstate';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { phoneChangeMachine, type PhoneChangeInput, type PhoneCodeSent } from '../../machines/phoneChange.machine';
import { ApiError } from '../../src/api/errors';
import { coverPaths, FakePromises, formatCoverage, settle } from './lib/pathCoverage';

type PhoneEvent = EventFromLogic<typeof phoneChangeMachine>;
type PhoneSnapshot = SnapshotFrom<typeof phoneChangeMachine>;

const PREFIX = '+358';
const BODY = '401234500';
const CODE = '654321';

const offline = new ApiError('network', 0, 'network.error', 'Network Error');
const codeInvalid = new ApiError('http', 400, 'sms.code.invalid', 'Wrong code');
const maxAttempts = new ApiError('http', 429, 'sms.max.attempts.reached', 'Too many attempts');
const phoneInvalid = new ApiError('http', 403, 'error.vonage.validation', 'Phone not valid');
const badBody = new ApiError('http', 400, 'error.validation', 'Invalid', [{ field: 'phoneBody', code: 'error.phone.invalid' }]);

const done = <TId extends string, TOutput>(id: TId, output: TOutput) =>
  ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as const;
const failed = <TId extends string>(id: TId, error: unknown) => ({ type: `xstate.error.actor.${id}`, actorId: id, error }) as const;

const EMPTY = { phonePrefix: '', phoneBody: '', code: '', smsVerificationId: null, error: null };

function eventsIn(snapshot: PhoneSnapshot): PhoneEvent[] {
  const player: PhoneEvent[] = [
    { type: 'phone.submit', phonePrefix: PREFIX, phoneBody: ` ${BODY} ` },
    { type: 'code.submit', code: CODE },
    { type: 'code.resend' },
    { type: 'popup.close' },
  ];
  if (snapshot.matches('requesting')) {
    return [...player, done('requestPhoneCode', { smsVerificationId: 'sv-1' }), failed('requestPhoneCode', phoneInvalid), failed('requestPhoneCode', badBody)];
  }
  if (snapshot.matches({ codePopup: 'resending' })) {
    return [...player, done('resendPhoneCode', { smsVerificationId: 'sv-2' }), failed('resendPhoneCode', offline), failed('resendPhoneCode', maxAttempts)];
  }
  if (snapshot.matches({ codePopup: 'verifying' })) {
    return [
      ...player,
      done('verifyPhoneCode', { ok: true }),
      failed('verifyPhoneCode', codeInvalid),
      failed('verifyPhoneCode', offline),
      failed('verifyPhoneCode', maxAttempts),
    ];
  }
  return player;
}

interface World {
  changed: number;
}

function setupWith(fakes: FakePromises) {
  const world: World = { changed: 0 };
  const machine = phoneChangeMachine.provide({
    actors: {
      requestPhoneCode: fakes.actor<PhoneCodeSent, PhoneChangeInput>(),
      verifyPhoneCode: fakes.actor<unknown, { smsVerificationId: string; code: string }>(),
    },
  });
  return { machine, world };
}

describe('phone change machine (behaviour.md §4 "Phone change", §5)', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    const result = await coverPaths({
      setup: setupWith,
      events: eventsIn,
      check: (snapshot, { event, previous, fakes }) => {
        const { context } = snapshot;
        const before = previous?.context;
        const last = fakes.calls.at(-1);
        const popupOpen = snapshot.hasTag('popup');

        // The popup is open exactly while a verification id is known.
        expect(popupOpen).toBe(context.smsVerificationId !== null);
        expect(popupOpen).toBe(snapshot.matches('codePopup'));
        // The loader is on while a call runs.
        expect(snapshot.hasTag('loading')).toBe(
          snapshot.matches('requesting') || snapshot.matches({ codePopup: 'verifying' }) || snapshot.matches({ codePopup: 'resending' }),
        );
        // Only a verified code changes the number (§5: a phone change requires an SMS code).
        const verified = event.type === 'xstate.done.actor.verifyPhoneCode';
        expect(snapshot.status).toBe(verified ? 'done' : 'active');
        if (verified) expect(snapshot.output).toEqual({ outcome: 'changed' });

        if (snapshot.matches('requesting')) {
          expect(fakes.isPending('requestPhoneCode')).toBe(true);
          expect(last).toEqual({ id: 'requestPhoneCode', input: { phonePrefix: PREFIX, phoneBody: BODY } });
        }
        if (snapshot.matches({ codePopup: 'verifying' })) {
          expect(fakes.isPending('verifyPhoneCode')).toBe(true);
          expect(last).toEqual({ id: 'verifyPhoneCode', input: { smsVerificationId: context.smsVerificationId, code: CODE } });
        }
        if (snapshot.matches({ codePopup: 'resending' })) {
          expect(fakes.isPending('resendPhoneCode')).toBe(true);
          expect(last).toEqual({ id: 'resendPhoneCode', input: { phonePrefix: PREFIX, phoneBody: BODY } });
        }

        switch (event.type) {
          case 'xstate.done.actor.requestPhoneCode':
          case 'xstate.done.actor.resendPhoneCode':
            // Success opens the popup with the verification id (a resend renews it, and says so).
            expect(snapshot.matches({ codePopup: event.type === 'xstate.done.actor.resendPhoneCode' ? 'resent' : 'editing' })).toBe(true);
            expect(context.smsVerificationId).toBe(event.output.smsVerificationId);
            expect(context).toMatchObject({ code: '', error: null, phonePrefix: PREFIX, phoneBody: BODY });
            break;
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
          case 'xstate.error.actor.verifyPhoneCode':
          case 'xstate.error.actor.resendPhoneCode': {
            const answerable = event.error === codeInvalid || event.error === offline;
            // A wrong code or a lost connection can be answered in the popup; anything else closes it.
            expect(popupOpen).toBe(answerable);
            expect(context.error?.code).toBe(
              event.error === codeInvalid ? 'sms.code.invalid' : event.error === offline ? 'network' : 'sms.max.attempts.reached',
            );
            expect(context).toMatchObject({ phonePrefix: PREFIX, phoneBody: BODY });
            if (answerable) expect(context.code).toBe(before?.code);
            break;
          }
          case 'xstate.done.actor.verifyPhoneCode':
          case 'popup.close':
            // Verification success ends the flow (the session starts a fresh one); close resets it.
            expect(snapshot.value).toBe(event.type === 'popup.close' ? 'idle' : 'changed');
            expect(context).toEqual(EMPTY);
            break;
          default:
            break;
        }
        if (snapshot.matches('idle')) expect(snapshot.hasTag('form')).toBe(true);
        expect(snapshot.hasTag('resent')).toBe(event.type === 'xstate.done.actor.resendPhoneCode');
      },
    });
    console.info(formatCoverage('phoneChange', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  });

  it('changes the number once, then is ready for another change', async () => {
    const fakes = new FakePromises();
    const { machine } = setupWith(fakes);
    const actor = createActor(machine).start();
    actor.send({ type: 'phone.submit', phonePrefix: PREFIX, phoneBody: BODY });
    fakes.resolve('requestPhoneCode', { smsVerificationId: 'sv-1' });
    await settle();
    actor.send({ type: 'code.submit', code: '000000' });
    fakes.reject('verifyPhoneCode', codeInvalid);
    await settle();
    expect(actor.getSnapshot().matches({ codePopup: 'editing' })).toBe(true);
    actor.send({ type: 'code.submit', code: CODE });
    fakes.resolve('verifyPhoneCode', { ok: true });
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'changed' });
    expect(fakes.calls.map((call) => call.id)).toEqual(['requestPhoneCode', 'verifyPhoneCode', 'verifyPhoneCode']);
    actor.stop();
  });
});
