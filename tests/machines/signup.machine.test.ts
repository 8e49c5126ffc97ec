import { createActor, SimulatedClock } from 'xstate';
import type { EventFromLogic } from 'xstate';
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
import type { AuthenticatedSession } from '../../machines/lib/identity';
import { DEFAULT_SIGNUP_COUNTRY, SIGNUP_REGISTRATION_TIMEOUT_MS } from '../../machines/lib/constants';
import { COUNTRIES } from '../../machines/lib/countries';
import { SIGNUP_ERROR_CODES as E } from '../../machines/lib/signupErrors';
import { applyFieldChange, mobilePhoneOf, VALIDATION_CODES, type SignupValues } from '../../machines/lib/signupForm';
import {
  registrationBodyOf,
  sameButPhone,
  signupMachine,
  signupStepOf,
  SIGNUP_STEPS,
  type RegistrationPhoneChange,
  type RegistrationSecret,
  type SignupInput,
} from '../../machines/signup.machine';
import type { RegistrationRequest, RegistrationResponse } from '../../src/api/player';
import type { ApiError } from '../../src/api/errors';
import { coverPaths, FakePromises, formatCoverage, settle } from './lib/pathCoverage';
import {
  CAPTCHA_TOKEN,
  change,
  eventsFor,
  expectedBody,
  http,
  INPUT,
  offline,
  OTHER_PHONE,
  registered,
  SESSION,
  TERMS_VERSION,
  TYPED,
  type SignupEvent,
} from './lib/signup.fixtures';

interface World {
  /** How many calls of the fakes the checks have looked at. */
  seen: number;
}

/** The flow with fakes; code entry itself is a fake whose end each path picks (its own test covers it). */
function setupWith(fakes: FakePromises) {
  const machine = signupMachine.provide({
    actors: {
      solveCaptcha: fakes.actor<string>(),
      fetchTermsVersion: fakes.actor<number>(),
      register: fakes.actor<RegistrationResponse, { body: RegistrationRequest; captchaToken: string }>(),
      changeRegistrationPhone: fakes.actor<unknown, RegistrationPhoneChange>(),
      codeVerification: fakes.actor<CodeVerificationOutput, CodeVerificationInput>() as never,
      completeRegistration: fakes.actor<AuthenticatedSession, RegistrationSecret>(),
    },
  });
  const world: World = { seen: 0 };
  return { machine, world };
}

/** The flow with its real code entry, the platform faked (`sendCode`, `verifyCode`). */
function setupReal(fakes: FakePromises) {
  return signupMachine.provide({
    actors: {
      solveCaptcha: fakes.actor<string>(),
      fetchTermsVersion: fakes.actor<number>(),
      register: fakes.actor<RegistrationResponse, { body: RegistrationRequest; captchaToken: string }>(),
      changeRegistrationPhone: fakes.actor<unknown, RegistrationPhoneChange>(),
      codeVerification: codeVerificationMachine.provide({
        actors: { sendCode: fakes.actor<CodeSent, CodeRequest>(), verifyCode: fakes.actor<CodeVerified, CodeCheck>() },
      }),
      completeRegistration: fakes.actor<AuthenticatedSession, RegistrationSecret>(),
    },
  });
}


describe('sign-up machine (product.md §2, §3 "Registration"; behaviour.md §4 "Sign-up", §8)', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    const result = await coverPaths({
      setup: setupWith,
      input: INPUT,
      events: eventsFor as never,
      check: (snapshot, { event: stepEvent, previous, fakes, world }) => {
        // The traversal's events, typed as the checks below read them.
        const event = stepEvent as Extract<SignupEvent, { type: 'field.change' }> | { type: string; error?: unknown; output?: unknown };
        const { context } = snapshot;
        const calls = fakes.calls.slice(world.seen);
        world.seen = fakes.calls.length;
        const before = previous?.context;

        // Typed values are never lost: only a field change changes them, and only that field
        // (with the phone prefix following a country change).
        if (before) {
          expect(context.values).toEqual(
            'field' in event ? applyFieldChange(before.values, event.field, event.value) : before.values,
          );
        } else {
          expect(context.values).toEqual(TYPED);
        }
        // The bonus code and affiliate parameters are kept from the first step to the last.
        expect(context.bonusCode).toBe('WELCOME100');
        expect(context.affiliate).toEqual(INPUT.affiliate);

        // The phone change rule (behaviour.md §4): a different phone after an earlier entry resets
        // the SMS-sent and max-attempts flags.
        if (before && event.type === 'field.change' && before.sms.phone !== null && mobilePhoneOf(context.values) !== before.sms.phone) {
          expect(context.sms).toMatchObject({ sent: null, maxAttempts: false });
        }

        const step = signupStepOf(snapshot);
        expect(snapshot.hasTag(step)).toBe(true);

        // Clamped at the first step.
        if (previous?.matches('details') && event.type === 'step.back') expect(snapshot.value).toBe('details');

        if (snapshot.matches('details')) {
          expect(snapshot.hasTag('form')).toBe(true);
          if (event.type === 'step.next') {
            // Still here after step.next: the invalid e-mail is named, nothing else.
            expect(context.fieldErrors).toEqual({ email: VALIDATION_CODES.email });
          }
          if (event.type === 'xstate.error.actor.register') {
            expect(context.fieldErrors.email).toBe('error.validation.email');
          }
        }

        if (snapshot.matches('contactInfo')) {
          expect(snapshot.hasTag('form')).toBe(true);
          if (snapshot.matches({ contactInfo: 'solvingCaptcha' })) {
            expect(snapshot.hasTag('captchaSolving')).toBe(true);
            expect(fakes.isPending('solveCaptcha')).toBe(true);
          }
          if (event.type === 'xstate.done.actor.solveCaptcha') expect(context.captchaToken).toBe(CAPTCHA_TOKEN);
          if (event.type === 'xstate.error.actor.solveCaptcha') {
            expect(context.captchaToken).toBeNull();
            expect(context.formError).not.toBeNull();
          }
          if (event.type === 'captcha.reset') expect(context.captchaToken).toBeNull();
          if (event.type === 'step.next' && previous?.matches({ contactInfo: 'editing' })) {
            // Not sent: the captcha is the missing piece (the typed values are all valid).
            expect(context.captchaToken).toBeNull();
            expect(context.fieldErrors).toEqual({ captcha: VALIDATION_CODES.captcha });
          }
          // Issue 21: Create account while the captcha is checked waits for it, shown as in progress.
          if (event.type === 'step.next' && previous?.matches({ contactInfo: 'solvingCaptcha' })) {
            expect(snapshot.matches({ contactInfo: { solvingCaptcha: 'submitQueued' } })).toBe(true);
            expect(snapshot.hasTag('loading')).toBe(true);
            expect(context.fieldErrors).toEqual({});
          }
          if (event.type === 'xstate.error.actor.fetchTermsVersion') expect(context.formError).toBe('network');
          if (event.type === 'xstate.error.actor.register') {
            const error = event.error as ApiError;
            const expected: Record<string, Partial<typeof context>> = {
              [E.cpfDuplicate]: { fieldErrors: { cpf: E.cpfDuplicate }, formError: null },
              [E.vonage]: { fieldErrors: { phoneBody: E.vonage }, formError: null },
              [E.sameCustomerInfo]: { formError: E.sameCustomerInfo },
              [E.captcha]: { formError: E.captcha, captchaToken: null },
              [E.system]: { formError: E.system },
              'error.validation': { formError: E.unhandled },
              'error.something.new': { formError: E.unhandled },
              'error.gateway': { formError: E.system },
              'network.error': { formError: 'network' },
            };
            if (error.fieldErrors.length > 0) {
              const field = error.fieldErrors[0]?.field;
              expect(context).toMatchObject(
                field === 'mobilePhone'
                  ? { fieldErrors: { phoneBody: 'error.validation.phone' } }
                  : { fieldErrors: {}, formError: E.unhandled },
              );
            } else {
              expect(context).toMatchObject(expected[error.code] ?? {});
            }
            if (error.code !== E.captcha) expect(context.captchaToken).toBe(CAPTCHA_TOKEN);
          }
        }

        // Back from Verification and forward again: an unchanged form resumes the verification
        // without a call; only another phone moves the registration to it; nothing registers twice.
        if (previous?.matches('contactInfo') && event.type === 'step.next' && before?.registration) {
          const asBefore = JSON.stringify(before.registeredBody) === JSON.stringify(registrationBodyOf(before));
          const phoneOnly = !asBefore && before.registeredBody !== null && sameButPhone(before.registeredBody, registrationBodyOf(before));
          if (asBefore) {
            expect(snapshot.hasTag('verification')).toBe(true);
            expect(calls.filter((call) => call.id === 'register' || call.id === 'changeRegistrationPhone')).toEqual([]);
          }
          if (phoneOnly) expect(snapshot.value).toBe('changingPhone');
        }

        if (snapshot.matches('changingPhone')) {
          expect(snapshot.hasTag('loading')).toBe(true);
          expect(step).toBe('contactInfo');
          const { phonePrefix, phoneBody } = expectedBody(context.values);
          expect(calls).toEqual([{ id: 'changeRegistrationPhone', input: { playerId: 42, token: 'registration-secret', phonePrefix, phoneBody } }]);
        }
        if (event.type === 'xstate.done.actor.changeRegistrationPhone') {
          // behaviour.md §4: back to Verification, the SMS-sent and max-attempts flags reset for the new phone.
          expect(snapshot.hasTag('verification')).toBe(true);
          expect(context.sms).toEqual({ sent: null, maxAttempts: false, phone: mobilePhoneOf(context.values) });
          expect(context.registeredBody).toEqual(registrationBodyOf(context));
          expect(context.registration).toEqual(before?.registration);
        }
        if (event.type === 'xstate.error.actor.changeRegistrationPhone') {
          // The registration keeps its phone; the form keeps what was typed and says why.
          expect(context.registeredBody).toEqual(before?.registeredBody);
          const expected: Record<string, Partial<typeof context>> = {
            [E.vonage]: { value: { contactInfo: 'editing' }, fieldErrors: { phoneBody: E.vonage }, formError: null },
            [E.sameCustomerInfo]: { value: { contactInfo: 'editing' }, formError: E.sameCustomerInfo },
            [E.smsMaxAttempts]: { value: 'smsBlocked' },
            'network.error': { value: { contactInfo: 'editing' }, formError: 'network' },
          } as Record<string, Partial<typeof context> & { value: unknown }>;
          const error = event.error as ApiError;
          expect({ value: snapshot.value, ...context }).toMatchObject(expected[error.code] ?? {});
          if (error.code === E.smsMaxAttempts) expect(context.sms.maxAttempts).toBe(true);
        }

        if (snapshot.matches('submitting')) {
          expect(snapshot.hasTag('loading')).toBe(true);
          expect(step).toBe('contactInfo');
          if (snapshot.matches({ submitting: 'readingTerms' })) {
            expect(fakes.isPending('fetchTermsVersion')).toBe(true);
          } else {
            // The payload exactly as product.md §3 "Registration": prefix + body, caf as fr, the
            // current terms version, the bonus code and affiliate parameters; the captcha token as header.
            const call = calls.find((c) => c.id === 'register');
            expect(call).toBeDefined();
            expect(call?.input).toEqual({ body: expectedBody(context.values), captchaToken: CAPTCHA_TOKEN });
            expect(registrationBodyOf(context)).toEqual(expectedBody(context.values));
          }
        }

        if (snapshot.matches('verification')) {
          expect(context.registration).not.toBeNull();
          const channel = snapshot.matches({ verification: 'sms' }) ? 'sms' : 'email';
          expect(context.registration?.verification).toBe(channel === 'sms' ? 'SMS' : 'EMAIL');
          // Code entry runs for the registration on the platform's channel, resuming a code that is out.
          expect(snapshot.hasTag('codeEntry')).toBe(true);
          if (calls.length > 0) {
            expect(calls.at(-1)).toEqual({
              id: 'codeVerification',
              input: { channel, subject: { kind: 'registration', playerId: 42, token: 'registration-secret' }, sent: context[channel].sent },
            });
          }
        }
        if (event.type === 'xstate.done.actor.codeVerification') {
          const output = event.output as CodeVerificationOutput;
          const channel = previous?.matches({ verification: 'sms' }) ? 'sms' : 'email';
          if (output.outcome === 'cancelled') {
            // Back: the contact details, the code that is out remembered for coming back.
            expect(snapshot.value).toEqual({ contactInfo: 'editing' });
            expect(context[channel].sent).toEqual(output.sent);
          }
          if (output.outcome === 'blocked') expect(context.block).toEqual({ reason: output.reason, retryAfterSeconds: output.retryAfterSeconds });
          if (output.outcome === 'verified') expect(context.verifiedBy).toBe(channel);
        }

        if (snapshot.matches('smsBlocked')) {
          // behaviour.md §8: the SMS block, with why (the screen says it and how long to wait).
          expect(snapshot.hasTag('smsBlocked')).toBe(true);
          expect(context.sms.maxAttempts || context.email.maxAttempts).toBe(true);
          expect(['wrongCodes', 'tooManyCodes', 'tooManyPhones']).toContain(context.block?.reason);
        }

        if (snapshot.matches('completing')) {
          expect(snapshot.hasTag('loading')).toBe(true);
          expect(snapshot.hasTag('completing')).toBe(true);
          // Verified by code, or the platform asked for no verification (behaviour.md §4).
          expect(context.verifiedBy !== null || context.registration?.verification === 'NONE').toBe(true);
          if (event.type !== 'complete.retry') expect(calls.at(-1)).toEqual({ id: 'completeRegistration', input: { playerId: 42, token: 'registration-secret' } });
        }
        if (snapshot.matches('completionFailed')) expect(context.formError).toBe('network');

        if (snapshot.matches('complete')) {
          expect(snapshot.status).toBe('done');
          expect(snapshot.output).toEqual({ outcome: 'registered', session: SESSION });
        }
        if (snapshot.matches('left')) {
          expect(snapshot.status).toBe('done');
          expect(snapshot.output).toEqual({ outcome: 'left' });
        }
        if (snapshot.matches('duplicated')) {
          expect(event.type === 'xstate.error.actor.register' && (event.error as ApiError).code).toBe(E.playerAlreadyExists);
        }
        if (snapshot.matches('unsupported')) {
          expect(event.type === 'xstate.error.actor.register' && (event.error as ApiError).code).toBe(E.countryBlocked);
        }
      },
    });
    console.info(formatCoverage('signup', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  }, 120_000);
  /** A started actor with fakes, for the scenarios below. */
  function start(input: SignupInput = INPUT) {
    const fakes = new FakePromises();
    const actor = createActor(setupReal(fakes), { input }).start();
    const code = () => {
      const child = actor.getSnapshot().children.codeVerification;
      if (!child) throw new Error(`no code entry in ${JSON.stringify(actor.getSnapshot().value)}`);
      return child;
    };
    return { fakes, actor, send: (event: EventFromLogic<typeof signupMachine>) => actor.send(event), code };
  }

  /** Drives a started actor from Details through a successful registration answered with `verification`. */
  async function registerThrough(run: ReturnType<typeof start>, verification: RegistrationResponse['verification']) {
    run.send({ type: 'step.next' });
    run.send({ type: 'captcha.solve' });
    run.fakes.resolve('solveCaptcha', CAPTCHA_TOKEN);
    await settle();
    run.send({ type: 'step.next' });
    run.fakes.resolve('fetchTermsVersion', TERMS_VERSION);
    await settle();
    run.fakes.resolve('register', registered(verification));
    await settle();
  }

  // Issue 21 item 8, the cause found: "Create account" pressed while the captcha was still being
  // checked (the box ticked a moment before) was dropped by the solvingCaptcha state, so nothing
  // happened and nothing was said. It now waits for the captcha and then registers.
  it('sends the form when Create account was pressed before the captcha answered', async () => {
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes).machine, { input: INPUT }).start();
    actor.send({ type: 'step.next' });
    actor.send({ type: 'captcha.solve' });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    fakes.resolve('solveCaptcha', CAPTCHA_TOKEN);
    await settle();
    expect(actor.getSnapshot().matches({ submitting: 'readingTerms' })).toBe(true);
    fakes.resolve('fetchTermsVersion', TERMS_VERSION);
    await settle();
    expect(fakes.calls.at(-1)).toMatchObject({ id: 'register', input: { captchaToken: CAPTCHA_TOKEN } });

    // The captcha failing instead: its message, and the form waits for the player again.
    const second = new FakePromises();
    const other = createActor(setupWith(second).machine, { input: INPUT }).start();
    other.send({ type: 'step.next' });
    other.send({ type: 'captcha.solve' });
    other.send({ type: 'step.next' });
    second.reject('solveCaptcha', offline);
    await settle();
    expect(other.getSnapshot().matches({ contactInfo: 'editing' })).toBe(true);
    expect(other.getSnapshot().context.formError).toBe('network');
    expect(other.getSnapshot().context.values).toEqual(TYPED);
  });

  // Issue 21 item 8: a registration that hangs showed progress without end. After
  // SIGNUP_REGISTRATION_TIMEOUT_MS the flow stops waiting: the message, the retry, everything typed
  // kept; the retry sends the same body (the platform answers a replay of an open registration).
  it('gives up a registration that does not answer in time, keeps what was typed and retries with the same details', async () => {
    const fakes = new FakePromises();
    const clock = new SimulatedClock();
    const actor = createActor(setupWith(fakes).machine, { input: INPUT, clock }).start();
    actor.send({ type: 'step.next' });
    actor.send({ type: 'captcha.solve' });
    fakes.resolve('solveCaptcha', CAPTCHA_TOKEN);
    await settle();
    actor.send({ type: 'step.next' });
    fakes.resolve('fetchTermsVersion', TERMS_VERSION);
    await settle();
    const first = fakes.calls.at(-1);
    expect(first).toMatchObject({ id: 'register', input: { body: expectedBody(TYPED) } });

    clock.increment(SIGNUP_REGISTRATION_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().matches({ submitting: 'registering' })).toBe(true);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    clock.increment(1);
    const timedOut = actor.getSnapshot();
    expect(timedOut.matches({ contactInfo: 'editing' })).toBe(true);
    expect(timedOut.hasTag('loading')).toBe(false);
    expect(timedOut.context.formError).toBe('timeout');
    expect(timedOut.context.values).toEqual(TYPED);
    expect(timedOut.context.captchaToken).toBe(CAPTCHA_TOKEN);
    // The late answer of the given-up request changes nothing.
    fakes.resolve('register', registered('SMS'));
    await settle();
    expect(actor.getSnapshot().matches({ contactInfo: 'editing' })).toBe(true);

    // The retry: the same details again; the platform's replayed answer goes on to verification.
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.formError).toBeNull();
    fakes.resolve('fetchTermsVersion', TERMS_VERSION);
    await settle();
    expect(fakes.calls.at(-1)).toMatchObject({ id: 'register', input: first?.input });
    fakes.resolve('register', registered('SMS'));
    await settle();
    expect(actor.getSnapshot().matches({ verification: 'sms' })).toBe(true);

    // The terms version not answering counts against the same delay.
    const terms = new FakePromises();
    const termsClock = new SimulatedClock();
    const other = createActor(setupWith(terms).machine, { input: INPUT, clock: termsClock }).start();
    other.send({ type: 'step.next' });
    other.send({ type: 'captcha.solve' });
    terms.resolve('solveCaptcha', CAPTCHA_TOKEN);
    await settle();
    other.send({ type: 'step.next' });
    termsClock.increment(SIGNUP_REGISTRATION_TIMEOUT_MS);
    expect(other.getSnapshot().matches({ contactInfo: 'editing' })).toBe(true);
    expect(other.getSnapshot().context.formError).toBe('timeout');
  });

  it('is clamped at both ends: no step before Details, nothing after Complete', async () => {
    const run = start();
    run.send({ type: 'step.back' });
    run.send({ type: 'step.back' });
    expect(run.actor.getSnapshot().value).toBe('details');
    expect(signupStepOf(run.actor.getSnapshot())).toBe(SIGNUP_STEPS[0]);

    await registerThrough(run, 'NONE');
    run.fakes.resolve('completeRegistration', SESSION);
    await settle();
    const complete = run.actor.getSnapshot();
    expect(signupStepOf(complete)).toBe(SIGNUP_STEPS.at(-1));
    run.send({ type: 'step.next' });
    run.send({ type: 'step.back' });
    expect(run.actor.getSnapshot().value).toBe('complete');
    expect(run.actor.getSnapshot().output).toEqual({ outcome: 'registered', session: SESSION });
  });

  it('keeps every typed value through invalid steps, refusals and a step back', async () => {
    const run = start({ languageCode: 'en' });
    const typed = { ...TYPED, marketingOptIn: true };
    for (const [field, value] of Object.entries(typed)) run.send(change(field as keyof SignupValues, value as never));
    expect(run.actor.getSnapshot().context.values).toEqual(typed);

    run.send(change('password', 'short'));
    run.send({ type: 'step.next' });
    expect(run.actor.getSnapshot().context.fieldErrors).toEqual({ password: VALIDATION_CODES.passwordShort });
    run.send(change('password', typed.password));
    expect(run.actor.getSnapshot().context.fieldErrors).toEqual({});
    run.send({ type: 'step.next' });
    run.send({ type: 'captcha.solve' });
    run.fakes.resolve('solveCaptcha', CAPTCHA_TOKEN);
    await settle();
    run.send({ type: 'step.next' });
    run.fakes.resolve('fetchTermsVersion', 7);
    await settle();
    run.fakes.reject('register', http(409, E.sameCustomerInfo));
    await settle();
    let snapshot = run.actor.getSnapshot();
    expect(snapshot.value).toEqual({ contactInfo: 'editing' });
    expect(snapshot.context.formError).toBe(E.sameCustomerInfo);
    expect(snapshot.context.values).toEqual(typed);

    // A field error on a Details field takes the player back there, values intact.
    run.send({ type: 'step.next' });
    run.fakes.resolve('fetchTermsVersion', 7);
    await settle();
    run.fakes.reject('register', http(400, 'error.validation', [{ field: 'email', code: 'error.validation.email' }]));
    await settle();
    snapshot = run.actor.getSnapshot();
    expect(snapshot.value).toBe('details');
    expect(snapshot.context.fieldErrors).toEqual({ email: 'error.validation.email' });
    expect(snapshot.context.values).toEqual(typed);
    expect(snapshot.context.captchaToken).toBe(CAPTCHA_TOKEN);
  });

  it('sends the payload of product.md §3: prefix + body, the API language, the current terms version', async () => {
    const cases = [
      { languageCode: 'caf', sent: 'fr' },
      { languageCode: 'fi', sent: 'fi' },
      { languageCode: 'inen', sent: 'en' },
    ] as const;
    for (const { languageCode, sent } of cases) {
      const run = start({ languageCode, values: { ...TYPED, phoneBody: '40-123 45 67' } });
      run.send({ type: 'step.next' });
      run.send({ type: 'captcha.solve' });
      run.fakes.resolve('solveCaptcha', 'token-x');
      await settle();
      run.send({ type: 'step.next' });
      run.fakes.resolve('fetchTermsVersion', 5);
      await settle();
      const call = run.fakes.calls.find((c) => c.id === 'register');
      expect(call?.input).toEqual({
        captchaToken: 'token-x',
        body: {
          firstName: 'Aino',
          lastName: 'Virtanen',
          email: 'aino@example.com',
          password: 'Aurora-Player-1',
          mobilePhone: '+358401234567',
          phonePrefix: '+358',
          phoneBody: '401234567',
          countryCode: DEFAULT_SIGNUP_COUNTRY,
          languageCode: sent,
          termsAndConditions: true,
          cookiePolicyAccepted: true,
          marketingOptIn: false,
          allConditions: false,
          termsAndConditionsAcceptedVersion: 5,
        },
      });
      run.actor.stop();
    }
  });

  it('registers in the language the site shows when the player sends the form', async () => {
    const run = start({ languageCode: 'en', values: TYPED });
    run.send({ type: 'step.next' });
    run.send({ type: 'language.change', languageCode: 'caf' });
    run.send({ type: 'captcha.solve' });
    run.fakes.resolve('solveCaptcha', CAPTCHA_TOKEN);
    await settle();
    run.send({ type: 'step.next' });
    run.fakes.resolve('fetchTermsVersion', TERMS_VERSION);
    await settle();
    expect(run.fakes.calls.find((c) => c.id === 'register')?.input).toMatchObject({ body: { languageCode: 'fr' } });
    expect(run.actor.getSnapshot().context.values).toEqual(TYPED);
  });

  it('starts in Finland with its dialing code, and the prefix follows a country change', () => {
    const run = start({ languageCode: 'en' });
    expect(run.actor.getSnapshot().context.values).toMatchObject({ countryCode: 'FI', phonePrefix: COUNTRIES.FI.dialingCode });
    run.send(change('countryCode', 'NO'));
    expect(run.actor.getSnapshot().context.values).toMatchObject({ countryCode: 'NO', phonePrefix: '+47' });
    // A prefix picked on purpose stays.
    run.send(change('phonePrefix', '+46'));
    run.send(change('countryCode', 'CL'));
    expect(run.actor.getSnapshot().context.values).toMatchObject({ countryCode: 'CL', phonePrefix: '+46' });
  });

  it('asks Brazilian players for a CPF and shows a duplicate CPF on that field', async () => {
    const run = start({ languageCode: 'br', values: { ...TYPED, countryCode: 'BR', phonePrefix: '+55', phoneBody: '11987654321' } });
    run.send({ type: 'step.next' });
    run.send({ type: 'captcha.solve' });
    run.fakes.resolve('solveCaptcha', CAPTCHA_TOKEN);
    await settle();
    run.send({ type: 'step.next' });
    expect(run.actor.getSnapshot().context.fieldErrors).toEqual({ cpf: VALIDATION_CODES.required });
    run.send(change('cpf', '123.456.789-00'));
    run.send({ type: 'step.next' });
    expect(run.actor.getSnapshot().context.fieldErrors).toEqual({ cpf: VALIDATION_CODES.cpf });
    run.send(change('cpf', '529.982.247-25'));
    run.send({ type: 'step.next' });
    run.fakes.resolve('fetchTermsVersion', 3);
    await settle();
    expect(run.fakes.calls.find((c) => c.id === 'register')?.input).toMatchObject({ body: { countryCode: 'BR', cpf: '52998224725', mobilePhone: '+5511987654321' } });
    run.fakes.reject('register', http(409, E.cpfDuplicate));
    await settle();
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.value).toEqual({ contactInfo: 'editing' });
    expect(snapshot.context.fieldErrors).toEqual({ cpf: E.cpfDuplicate });
    expect(snapshot.context.values.cpf).toBe('529.982.247-25');
  });

  it('too many wrong codes: the SMS block says so, the same phone stays blocked, another phone resets both flags', async () => {
    const run = start();
    await registerThrough(run, 'SMS');
    run.fakes.resolve('sendCode', { ticket: null, sentTo: '+358 40 *** 67' });
    await settle();
    run.code().send({ type: 'code.change', code: '000000' });
    run.code().send({ type: 'code.submit' });
    run.fakes.reject('verifyCode', http(400, E.smsCodeInvalid));
    await settle();
    expect(run.code().getSnapshot().context.codeError).toBe(E.smsCodeInvalid);
    run.code().send({ type: 'code.submit' });
    run.fakes.reject('verifyCode', http(429, E.smsMaxAttempts));
    await settle();
    let snapshot = run.actor.getSnapshot();
    // behaviour.md §8: the max-attempts state and the SMS block, saying it was the wrong codes (not a request count).
    expect(snapshot.value).toBe('smsBlocked');
    expect(snapshot.hasTag('smsBlocked')).toBe(true);
    expect(snapshot.context.sms.maxAttempts).toBe(true);
    expect(snapshot.context.block).toEqual({ reason: 'wrongCodes', retryAfterSeconds: null });

    // The same phone stays blocked, without another call.
    run.send({ type: 'step.back' });
    const callsBefore = run.fakes.calls.length;
    run.send({ type: 'step.next' });
    expect(run.actor.getSnapshot().value).toBe('smsBlocked');
    expect(run.actor.getSnapshot().context.block?.reason).toBe('wrongCodes');
    expect(run.fakes.calls).toHaveLength(callsBefore);

    run.send({ type: 'step.back' });
    run.send(change('phoneBody', OTHER_PHONE));
    snapshot = run.actor.getSnapshot();
    expect(snapshot.context.sms).toMatchObject({ sent: null, maxAttempts: false });
    run.send({ type: 'step.next' });
    // Not a second registration (the platform would answer Duplicated): the phone of this one changes.
    expect(run.fakes.calls.at(-1)).toEqual({
      id: 'changeRegistrationPhone',
      input: { playerId: 42, token: 'registration-secret', phonePrefix: '+358', phoneBody: '507654321' },
    });
    run.fakes.resolve('changeRegistrationPhone', { ok: true });
    await settle();
    snapshot = run.actor.getSnapshot();
    expect(snapshot.value).toEqual({ verification: 'sms' });
    expect(run.code().getSnapshot().value).toBe('sending');
    expect(snapshot.context.sms).toMatchObject({ sent: null, maxAttempts: false, phone: '+358507654321' });
    expect(run.fakes.calls.filter((call) => call.id === 'register')).toHaveLength(1);

    // Too many codes asked for: the block says that; read, the flow ends and the session goes home.
    run.fakes.reject('sendCode', Object.assign(http(429, E.smsMaxAttempts), { details: { retryAfterSeconds: 540 } }));
    await settle();
    // How long to wait, when the platform says it (details.retryAfterSeconds).
    expect(run.actor.getSnapshot().context.block).toEqual({ reason: 'tooManyCodes', retryAfterSeconds: 540 });
    run.send({ type: 'block.acknowledge' });
    expect(run.actor.getSnapshot().status).toBe('done');
    expect(run.actor.getSnapshot().output).toEqual({ outcome: 'left' });
  });

  it('Back from Verification: the same phone returns to the code, another phone gets a new one', async () => {
    const run = start();
    await registerThrough(run, 'SMS');
    run.fakes.resolve('sendCode', { ticket: null, sentTo: '+358 40 *** 67' });
    await settle();
    run.code().send({ type: 'code.change', code: '12' });
    run.code().send({ type: 'code.cancel' });
    expect(run.actor.getSnapshot().value).toEqual({ contactInfo: 'editing' });

    // Unchanged: straight back to the code that was sent, without a call.
    const callsBefore = run.fakes.calls.length;
    run.send({ type: 'step.next' });
    let snapshot = run.actor.getSnapshot();
    expect(snapshot.value).toEqual({ verification: 'sms' });
    expect(run.code().getSnapshot().value).toEqual({ awaitingCode: 'typing' });
    expect(run.code().getSnapshot().context.sent).toEqual({ ticket: null, sentTo: '+358 40 *** 67' });
    expect(run.fakes.calls.filter((call) => call.id !== 'codeVerification')).toHaveLength(callsBefore);

    // Another phone the provider refuses: the message on the phone field, the number kept.
    run.code().send({ type: 'code.cancel' });
    run.send(change('phoneBody', '000 123'));
    run.send({ type: 'step.next' });
    expect(run.actor.getSnapshot().hasTag('loading')).toBe(true);
    run.fakes.reject('changeRegistrationPhone', http(403, E.vonage));
    await settle();
    snapshot = run.actor.getSnapshot();
    expect(snapshot.value).toEqual({ contactInfo: 'editing' });
    expect(snapshot.context.fieldErrors).toEqual({ phoneBody: E.vonage });
    expect(snapshot.context.values.phoneBody).toBe('000 123');

    // A good one: the registration moves to it, and the code goes there.
    run.send(change('phoneBody', OTHER_PHONE));
    run.send({ type: 'step.next' });
    run.fakes.resolve('changeRegistrationPhone', { ok: true });
    await settle();
    snapshot = run.actor.getSnapshot();
    expect(run.code().getSnapshot().value).toBe('sending');
    expect(snapshot.context.sms).toEqual({ sent: null, maxAttempts: false, phone: '+358507654321' });
    run.fakes.resolve('sendCode', { ticket: null, sentTo: '+358 50 *** 21' });
    await settle();
    expect(run.code().getSnapshot().context.sent?.sentTo).toBe('+358 50 *** 21');
    expect(run.fakes.calls.map((call) => call.id).filter((id) => id !== 'codeVerification')).toEqual([
      'solveCaptcha',
      'fetchTermsVersion',
      'register',
      'sendCode',
      'changeRegistrationPhone',
      'changeRegistrationPhone',
      'sendCode',
    ]);

    // And back to it unchanged resumes again, now for the new phone.
    run.code().send({ type: 'code.cancel' });
    run.send({ type: 'step.next' });
    expect(run.code().getSnapshot().value).toEqual({ awaitingCode: 'typing' });
    expect(run.code().getSnapshot().context.sent?.sentTo).toBe('+358 50 *** 21');
  });

  it('verifies by e-mail through code entry, then logs in with the parsed session', async () => {
    const run = start();
    await registerThrough(run, 'EMAIL');
    expect(run.fakes.calls.at(-1)).toEqual({ id: 'sendCode', input: { channel: 'email', subject: { kind: 'registration', playerId: 42, token: 'registration-secret' } } });
    run.fakes.reject('sendCode', http(500, E.system));
    await settle();
    expect(run.code().getSnapshot().context).toMatchObject({ status: 'sendFail', formError: E.system });
    run.code().send({ type: 'code.resend' });
    run.fakes.resolve('sendCode', { ticket: null, sentTo: 'a***@example.com' });
    await settle();
    run.code().send({ type: 'code.change', code: '654321' });
    run.code().send({ type: 'code.submit' });
    expect(run.fakes.calls.at(-1)).toEqual({
      id: 'verifyCode',
      input: { channel: 'email', subject: { kind: 'registration', playerId: 42, token: 'registration-secret' }, ticket: null, code: '654321' },
    });
    run.fakes.resolve('verifyCode', { key: null });
    await settle();
    expect(run.actor.getSnapshot().value).toBe('completing');
    expect(run.actor.getSnapshot().context.verifiedBy).toBe('email');
    run.fakes.resolve('completeRegistration', SESSION);
    await settle();
    expect(run.actor.getSnapshot().output).toEqual({ outcome: 'registered', session: SESSION });
  });
});
