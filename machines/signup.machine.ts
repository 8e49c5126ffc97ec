// Sign-up (product.md §2 "Sign-up steps in order: Details, ContactInfo, Verification, Complete
// (further states: Unsupported, Duplicated)", §3 "Registration"; behaviour.md §4 "Sign-up", §5,
// §8 "Sign-up and reset"). Started by the /signup screen and stopped when it closes.
//
// Details → ContactInfo → (register) → Verification (SMS, e-mail or none, as the platform answers)
// → (complete registration = automatic login) → Complete. `step.next` / `step.back` move between
// the steps and are clamped at both ends. The typed values live in the context from the first key
// to the last answer and no error clears them. Back from Verification, forward again: unchanged, the
// verification resumes where it was; with only another phone, the registration takes the new phone
// (`changeRegistrationPhone`) and its SMS flags start afresh (behaviour.md §4).
//
// src/ provides the outside world:
//   signupMachine.provide({ actors: {
//     solveCaptcha,            // captchaApi.solve → token (sent as the hcaptchaToken header)
//     fetchTermsVersion,       // contentApi.termsVersions → current.version
//     register,                // playerApi.register(body, captchaToken)
//     changeRegistrationPhone, // playerApi.changeRegistrationPhone({ playerId, token, phonePrefix, phoneBody })
//     sendSmsCode, verifySmsCode, sendEmailCode, verifyEmailCode,
//     completeRegistration,    // PUT /player/registration → { idToken, claims }
//   } })
// The session reads the output: { outcome: 'registered', session } (it authorises the player) or
// { outcome: 'left' } (the SMS block was read: go to the home page).
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { DoneActorEvent, ErrorActorEvent, SnapshotFrom } from 'xstate';
import type { CodeSent, RegistrationRequest, RegistrationResponse } from '../src/api/player';
import { DEFAULT_SIGNUP_COUNTRY } from './lib/constants';
import type { AuthenticatedSession } from './lib/identity';
import type { LanguageCode } from './lib/markets';
import { codeFailure, registrationFailure, SIGNUP_ERROR_CODES, type SignupFormError } from './lib/signupErrors';
import {
  applyFieldChange,
  buildRegistrationRequest,
  DETAILS_FIELDS,
  initialSignupValues,
  isValidCode,
  mobilePhoneOf,
  validateContact,
  validateDetails,
  VALIDATION_CODES,
  withoutFieldErrors,
  type AffiliateParams,
  type SignupField,
  type SignupFieldErrors,
  type SignupValues,
} from './lib/signupForm';

/** product.md §2: the steps in order. */
export const SIGNUP_STEPS = ['details', 'contactInfo', 'verification', 'complete'] as const;
/** product.md §2: the further states. */
export const SIGNUP_OTHER_STEPS = ['unsupported', 'duplicated'] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number] | (typeof SIGNUP_OTHER_STEPS)[number];

/** behaviour.md §4: SMS pin states uninitialised, send success, send fail, verify success, verify fail. */
export type PinStatus = 'uninitialised' | 'sendSuccess' | 'sendFail' | 'verifySuccess' | 'verifyFail';

export interface PinState {
  status: PinStatus;
  /** A code went out for the current registration (the SMS-sent flag). */
  sent: boolean;
  /** The platform answered sms.max.attempts.reached (the max-attempts flag). */
  maxAttempts: boolean;
  /** Where the last code went, masked by the platform, for display. */
  sentTo: string | null;
}

export interface SmsPinState extends PinState {
  /** The phone the flags belong to (the earlier entry); a different phone resets them (behaviour.md §4). */
  phone: string | null;
}

export interface SignupInput {
  /** The route's language (sent as its API language: caf → fr). */
  languageCode: LanguageCode;
  /** The bonusCode query parameter, read at sign-up (behaviour.md §4). */
  bonusCode?: string | null;
  /** aff_id and appsflyer_token from the query (behaviour.md §9). */
  affiliate?: AffiliateParams;
  /** Values to start from (a landing page's e-mail, tests). Country defaults to FI (§9). */
  values?: Partial<SignupValues>;
}

export interface SignupContext {
  values: SignupValues;
  fieldErrors: SignupFieldErrors;
  formError: SignupFormError | null;
  languageCode: LanguageCode;
  bonusCode: string | null;
  affiliate: AffiliateParams;
  /** The current terms version, read right before registering (behaviour.md §5). */
  termsVersion: number | null;
  /** From the captcha provider; sent as the hcaptchaToken header. */
  captchaToken: string | null;
  /** product.md §3 sign-up state "details (playerId, token)", plus how to verify. */
  registration: RegistrationResponse | null;
  /** The body the registration was made with: stepping back and forward unchanged does not register twice. */
  registeredBody: RegistrationRequest | null;
  sms: SmsPinState;
  email: PinState;
  /** The verification code as typed. */
  code: string;
  /** A code shown by the code input (validation.code.invalid, sms.code.invalid, ...). */
  codeError: string | null;
  /** The id token of the automatic login. */
  /** The automatic login's token and claims. */
  session: AuthenticatedSession | null;
}

type FieldChangeEvent = {
  [K in SignupField]: { type: 'field.change'; field: K; value: SignupValues[K] };
}[SignupField];

export type SignupEvent =
  | FieldChangeEvent
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'captcha.solve' }
  | { type: 'captcha.reset' }
  | { type: 'code.change'; code: string }
  | { type: 'code.submit' }
  | { type: 'code.resend' }
  | { type: 'complete.retry' }
  | { type: 'block.acknowledge' }
  /** The player switched the site's language mid-way: the registration goes in the new one. */
  | { type: 'language.change'; languageCode: LanguageCode };

export interface RegistrationSecret {
  playerId: number;
  token: string;
}

/** Another phone for a registration not completed yet (behaviour.md §4). */
export interface RegistrationPhoneChange extends RegistrationSecret {
  phonePrefix: string;
  phoneBody: string;
}

export type SignupOutput = { outcome: 'registered'; session: AuthenticatedSession } | { outcome: 'left' };

type SignupActorEvent =
  | DoneActorEvent<string, 'solveCaptcha'>
  | ErrorActorEvent<unknown, 'solveCaptcha'>
  | DoneActorEvent<number, 'fetchTermsVersion'>
  | ErrorActorEvent<unknown, 'fetchTermsVersion'>
  | DoneActorEvent<RegistrationResponse, 'register'>
  | ErrorActorEvent<unknown, 'register'>
  | DoneActorEvent<unknown, 'changeRegistrationPhone'>
  | ErrorActorEvent<unknown, 'changeRegistrationPhone'>
  | DoneActorEvent<CodeSent, 'sendSmsCode'>
  | ErrorActorEvent<unknown, 'sendSmsCode'>
  | DoneActorEvent<unknown, 'verifySmsCode'>
  | ErrorActorEvent<unknown, 'verifySmsCode'>
  | DoneActorEvent<CodeSent, 'sendEmailCode'>
  | ErrorActorEvent<unknown, 'sendEmailCode'>
  | DoneActorEvent<unknown, 'verifyEmailCode'>
  | ErrorActorEvent<unknown, 'verifyEmailCode'>
  | DoneActorEvent<AuthenticatedSession, 'completeRegistration'>
  | ErrorActorEvent<unknown, 'completeRegistration'>;

/** Tags: the step a screen shows, and what it shows on it. */
export type SignupTag = SignupStep | 'form' | 'loading' | 'captchaSolving' | 'smsBlocked' | 'error';

const UNSENT_PIN: PinState = { status: 'uninitialised', sent: false, maxAttempts: false, sentTo: null };

/** The registration body the context describes right now. */
export function registrationBodyOf(context: SignupContext): RegistrationRequest {
  return buildRegistrationRequest(context.values, {
    languageCode: context.languageCode,
    termsVersion: context.termsVersion ?? 0,
    bonusCode: context.bonusCode,
    affiliate: context.affiliate,
  });
}

/** Two registration bodies alike but for the phone: a phone change, not a new registration. */
export function sameButPhone(a: RegistrationRequest, b: RegistrationRequest): boolean {
  const blank = (body: RegistrationRequest) => JSON.stringify({ ...body, mobilePhone: '', phonePrefix: '', phoneBody: '' });
  return blank(a) === blank(b);
}

function secretOf(context: SignupContext): RegistrationSecret {
  const { registration } = context;
  // The verification states are only entered with a registration (see `assignRegistration`).
  if (registration === null) throw new Error('signupMachine: no registration to verify');
  return { playerId: registration.playerId, token: registration.token };
}

const notProvided = (name: string) => () => Promise.reject(new Error(`signupMachine: provide the ${name} actor`));

export const signupMachine = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent | SignupActorEvent,
    input: {} as SignupInput,
    output: {} as SignupOutput,
    tags: {} as SignupTag,
  },
  actors: {
    solveCaptcha: fromPromise<string>(notProvided('solveCaptcha')),
    fetchTermsVersion: fromPromise<number>(notProvided('fetchTermsVersion')),
    register: fromPromise<RegistrationResponse, { body: RegistrationRequest; captchaToken: string }>(notProvided('register')),
    changeRegistrationPhone: fromPromise<unknown, RegistrationPhoneChange>(notProvided('changeRegistrationPhone')),
    sendSmsCode: fromPromise<CodeSent, RegistrationSecret>(notProvided('sendSmsCode')),
    verifySmsCode: fromPromise<unknown, RegistrationSecret & { code: string }>(notProvided('verifySmsCode')),
    sendEmailCode: fromPromise<CodeSent, RegistrationSecret>(notProvided('sendEmailCode')),
    verifyEmailCode: fromPromise<unknown, RegistrationSecret & { code: string }>(notProvided('verifyEmailCode')),
    completeRegistration: fromPromise<AuthenticatedSession, RegistrationSecret>(notProvided('completeRegistration')),
  },
  actions: {
    assignLanguage: assign(({ event }) => {
      assertEvent(event, 'language.change');
      return { languageCode: event.languageCode };
    }),
    assignField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const values = applyFieldChange(context.values, event.field, event.value);
      // The phone prefix and the CPF depend on the country.
      const fieldErrors = withoutFieldErrors(
        context.fieldErrors,
        event.field === 'countryCode' ? ['countryCode', 'cpf', 'phonePrefix'] : [event.field],
      );
      // behaviour.md §4: a phone change after an earlier phone entry resets the SMS-sent and
      // max-attempts flags (the new number gets its own codes).
      const phone = mobilePhoneOf(values);
      const sms =
        context.sms.phone !== null && phone !== context.sms.phone
          ? { ...context.sms, ...UNSENT_PIN, phone: null }
          : context.sms;
      return { values, fieldErrors, sms };
    }),
    assignDetailsErrors: assign(({ context }) => ({ fieldErrors: validateDetails(context.values), formError: null })),
    assignContactErrors: assign(({ context }) => ({
      fieldErrors: validateContact(context.values, context.captchaToken),
      formError: null,
    })),
    clearErrors: assign({ fieldErrors: {}, formError: null }),
    clearFormError: assign({ formError: null }),
    assignCaptchaToken: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.solveCaptcha');
      return { captchaToken: event.output, fieldErrors: withoutFieldErrors(context.fieldErrors, ['captcha']) };
    }),
    assignCaptchaFailure: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.solveCaptcha');
      const failure = registrationFailure(event.error);
      return {
        captchaToken: null,
        formError: failure.kind === 'form' && failure.formError === 'network' ? 'network' : SIGNUP_ERROR_CODES.captcha,
      };
    }),
    clearCaptcha: assign({ captchaToken: null }),
    assignTermsVersion: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.fetchTermsVersion');
      return { termsVersion: event.output };
    }),
    assignTermsFailure: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.fetchTermsVersion');
      const failure = registrationFailure(event.error);
      return { formError: failure.kind === 'form' ? failure.formError : 'unknown' };
    }),
    assignRegistration: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.register');
      const registeredBody = registrationBodyOf(context);
      return {
        registration: event.output,
        registeredBody,
        // A new registration has no code yet; the max-attempts flag stays with the phone.
        sms: { ...context.sms, status: 'uninitialised', sent: false, sentTo: null, phone: registeredBody.mobilePhone },
        email: UNSENT_PIN,
        code: '',
        codeError: null,
      } satisfies Partial<SignupContext>;
    }),
    // behaviour.md §4: the new phone starts with no code sent and without the max-attempts flag.
    assignPhoneChanged: assign(({ context }) => {
      const registeredBody = registrationBodyOf(context);
      return {
        registeredBody,
        sms: { ...UNSENT_PIN, phone: registeredBody.mobilePhone },
        code: '',
        codeError: null,
      } satisfies Partial<SignupContext>;
    }),
    assignRegistrationFailure: assign(({ context, event }) => {
      assertEvent(event, ['xstate.error.actor.register', 'xstate.error.actor.changeRegistrationPhone']);
      const failure = registrationFailure(event.error);
      switch (failure.kind) {
        case 'fields':
          return { fieldErrors: failure.fieldErrors, formError: null };
        case 'form':
          return {
            fieldErrors: {},
            formError: failure.formError,
            captchaToken: failure.resetCaptcha ? null : context.captchaToken,
          };
        default:
          return { fieldErrors: {}, formError: null };
      }
    }),
    assignSmsSent: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.sendSmsCode');
      return {
        sms: { ...context.sms, status: 'sendSuccess', sent: true, sentTo: event.output.sentTo, phone: mobilePhoneOf(context.values) },
        formError: null,
        codeError: null,
      } satisfies Partial<SignupContext>;
    }),
    assignEmailSent: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.sendEmailCode');
      return {
        email: { ...context.email, status: 'sendSuccess', sent: true, sentTo: event.output.sentTo },
        formError: null,
        codeError: null,
      } satisfies Partial<SignupContext>;
    }),
    assignSmsSendFailure: assign(({ context, event }) => {
      assertEvent(event, 'xstate.error.actor.sendSmsCode');
      return { sms: { ...context.sms, status: 'sendFail' }, ...codeFailureContext(event.error) } satisfies Partial<SignupContext>;
    }),
    assignEmailSendFailure: assign(({ context, event }) => {
      assertEvent(event, 'xstate.error.actor.sendEmailCode');
      return { email: { ...context.email, status: 'sendFail' }, ...codeFailureContext(event.error) } satisfies Partial<SignupContext>;
    }),
    // behaviour.md §8: sms.max.attempts.reached sets the max-attempts state and shows the SMS block.
    assignSmsMaxAttempts: assign(({ context }) => ({
      sms: { ...context.sms, maxAttempts: true, phone: mobilePhoneOf(context.values) },
      formError: null,
      codeError: null,
    })),
    assignEmailMaxAttempts: assign(({ context }) => ({
      email: { ...context.email, maxAttempts: true },
      formError: null,
      codeError: null,
    })),
    assignSmsVerifyFailure: assign(({ context, event }) => {
      assertEvent(event, 'xstate.error.actor.verifySmsCode');
      return { sms: { ...context.sms, status: 'verifyFail' }, ...codeFailureContext(event.error) } satisfies Partial<SignupContext>;
    }),
    assignEmailVerifyFailure: assign(({ context, event }) => {
      assertEvent(event, 'xstate.error.actor.verifyEmailCode');
      return { email: { ...context.email, status: 'verifyFail' }, ...codeFailureContext(event.error) } satisfies Partial<SignupContext>;
    }),
    assignSmsVerified: assign(({ context }) => ({ sms: { ...context.sms, status: 'verifySuccess' as const }, codeError: null, formError: null })),
    assignEmailVerified: assign(({ context }) => ({ email: { ...context.email, status: 'verifySuccess' as const }, codeError: null, formError: null })),
    assignCode: assign(({ event }) => {
      assertEvent(event, 'code.change');
      return { code: event.code, codeError: null };
    }),
    assignCodeInvalid: assign({ codeError: VALIDATION_CODES.code }),
    clearCode: assign({ code: '', codeError: null, formError: null }),
    assignIdToken: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.completeRegistration');
      return { session: event.output, formError: null };
    }),
    assignCompletionFailure: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.completeRegistration');
      const failure = codeFailure(event.error);
      return { formError: failure.kind === 'form' ? failure.formError : SIGNUP_ERROR_CODES.unhandled };
    }),
  },
  guards: {
    detailsValid: ({ context }) => Object.keys(validateDetails(context.values)).length === 0,
    contactInvalid: ({ context }) => Object.keys(validateContact(context.values, context.captchaToken)).length > 0,
    // Nothing changed since the registration was made: go on to verify it instead of registering again.
    registeredAsIs: ({ context }) =>
      context.registration !== null &&
      context.registeredBody !== null &&
      JSON.stringify(context.registeredBody) === JSON.stringify(registrationBodyOf(context)),
    // Only the phone changed: the registration takes the new one (registering again would be a duplicate).
    registeredButPhone: ({ context }) =>
      context.registration !== null && context.registeredBody !== null && sameButPhone(context.registeredBody, registrationBodyOf(context)),
    captchaUnsolved: ({ context }) => context.captchaToken === null,
    isDuplicated: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.register');
      return registrationFailure(event.error).kind === 'duplicated';
    },
    isUnsupported: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.register');
      return registrationFailure(event.error).kind === 'unsupported';
    },
    // Field errors on the Details step's fields take the player back there to see them.
    hasDetailsFieldErrors: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.register');
      const failure = registrationFailure(event.error);
      return failure.kind === 'fields' && DETAILS_FIELDS.some((field) => failure.fieldErrors[field] !== undefined);
    },
    verifiesBySms: ({ context }) => context.registration?.verification === 'SMS',
    verifiesByEmail: ({ context }) => context.registration?.verification === 'EMAIL',
    smsMaxAttemptsReached: ({ context }) => context.sms.maxAttempts,
    smsAlreadySent: ({ context }) => context.sms.sent,
    emailMaxAttemptsReached: ({ context }) => context.email.maxAttempts,
    emailAlreadySent: ({ context }) => context.email.sent,
    isMaxAttempts: ({ event }) => {
      if (!event.type.startsWith('xstate.error.actor.')) return false;
      return codeFailure((event as ErrorActorEvent).error).kind === 'maxAttempts';
    },
    codeValid: ({ context }) => isValidCode(context.code),
  },
}).createMachine({
  id: 'signup',
  context: ({ input }) =>
    ({
      values: initialSignupValues({ countryCode: DEFAULT_SIGNUP_COUNTRY, ...input.values }),
      fieldErrors: {},
      formError: null,
      languageCode: input.languageCode,
      bonusCode: input.bonusCode?.trim() || null,
      affiliate: input.affiliate ?? {},
      termsVersion: null,
      captchaToken: null,
      registration: null,
      registeredBody: null,
      sms: { ...UNSENT_PIN, phone: null },
      email: UNSENT_PIN,
      code: '',
      codeError: null,
      session: null,
    }) satisfies SignupContext,
  initial: 'details',
  on: { 'language.change': { actions: 'assignLanguage' } },
  output: ({ context }) =>
    context.session !== null ? { outcome: 'registered', session: context.session } : { outcome: 'left' },
  states: {
    details: {
      tags: ['details', 'form'],
      on: {
        'field.change': { actions: 'assignField' },
        'step.next': [
          { guard: 'detailsValid', target: 'contactInfo', actions: 'clearErrors' },
          { actions: 'assignDetailsErrors' },
        ],
        // Clamped: there is no step before the first.
        'step.back': { target: 'details' },
      },
    },
    contactInfo: {
      tags: ['contactInfo', 'form'],
      initial: 'editing',
      on: {
        'field.change': { actions: 'assignField' },
        // Leaving a step forgets its messages, never its values.
        'step.back': { target: 'details', actions: 'clearErrors' },
      },
      states: {
        editing: {
          on: {
            'captcha.solve': { guard: 'captchaUnsolved', target: 'solvingCaptcha', actions: 'clearFormError' },
            'captcha.reset': { actions: 'clearCaptcha' },
            'step.next': [
              { guard: 'contactInvalid', actions: 'assignContactErrors' },
              // Back from Verification and forward again with nothing changed: the verification
              // resumes where it was instead of registering twice.
              { guard: 'registeredAsIs', target: '#signup.verification', actions: 'clearErrors' },
              // behaviour.md §4: another phone after an earlier entry; the registration takes it.
              { guard: 'registeredButPhone', target: '#signup.changingPhone', actions: 'clearErrors' },
              { target: '#signup.submitting', actions: 'clearErrors' },
            ],
          },
        },
        solvingCaptcha: {
          tags: 'captchaSolving',
          invoke: {
            id: 'solveCaptcha',
            src: 'solveCaptcha',
            onDone: { target: 'editing', actions: 'assignCaptchaToken' },
            onError: { target: 'editing', actions: 'assignCaptchaFailure' },
          },
        },
      },
    },
    submitting: {
      tags: ['contactInfo', 'loading'],
      initial: 'readingTerms',
      states: {
        // behaviour.md §5: the accepted terms version comes from the current terms.
        readingTerms: {
          invoke: {
            id: 'fetchTermsVersion',
            src: 'fetchTermsVersion',
            onDone: { target: 'registering', actions: 'assignTermsVersion' },
            onError: { target: '#signup.contactInfo', actions: 'assignTermsFailure' },
          },
        },
        registering: {
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ context }) => ({ body: registrationBodyOf(context), captchaToken: context.captchaToken ?? '' }),
            // behaviour.md §4: an optional SMS or e-mail verification; without one, straight to the login.
            onDone: { target: '#signup.verification', actions: 'assignRegistration' },
            onError: [
              // behaviour.md §4: error.registration.player_already_exists moves to the Duplicated step.
              { guard: 'isDuplicated', target: '#signup.duplicated', actions: 'assignRegistrationFailure' },
              { guard: 'isUnsupported', target: '#signup.unsupported', actions: 'assignRegistrationFailure' },
              { guard: 'hasDetailsFieldErrors', target: '#signup.details', actions: 'assignRegistrationFailure' },
              { target: '#signup.contactInfo', actions: 'assignRegistrationFailure' },
            ],
          },
        },
      },
    },
    // The registration takes the new phone; the old one's codes no longer count (server side too).
    changingPhone: {
      tags: ['contactInfo', 'loading'],
      invoke: {
        id: 'changeRegistrationPhone',
        src: 'changeRegistrationPhone',
        input: ({ context }) => {
          const { phonePrefix, phoneBody } = registrationBodyOf(context);
          return { ...secretOf(context), phonePrefix, phoneBody };
        },
        onDone: { target: 'verification', actions: 'assignPhoneChanged' },
        onError: [
          // Too many phones for one registration: the SMS block, as for too many codes.
          { guard: 'isMaxAttempts', target: 'smsBlocked', actions: 'assignSmsMaxAttempts' },
          { target: 'contactInfo', actions: 'assignRegistrationFailure' },
        ],
      },
    },
    verification: {
      tags: 'verification',
      initial: 'choosingChannel',
      states: {
        // behaviour.md §4: SMS, e-mail or no verification, as the platform answered the registration.
        choosingChannel: {
          always: [
            { guard: 'verifiesBySms', target: 'sms' },
            { guard: 'verifiesByEmail', target: 'email' },
            { target: '#signup.completing' },
          ],
        },
        sms: codeCheck('Sms'),
        email: codeCheck('Email'),
      },
    },
    // behaviour.md §8: sms.max.attempts.reached shows the SMS block and redirects away once read.
    // A step back lets the player give another phone (which resets the flags, §4).
    smsBlocked: {
      tags: ['verification', 'smsBlocked'],
      on: {
        'block.acknowledge': { target: 'left' },
        'step.back': { target: 'contactInfo', actions: 'clearErrors' },
      },
    },
    // behaviour.md §4: registration finishes with an automatic login.
    completing: {
      tags: ['verification', 'loading'],
      invoke: {
        id: 'completeRegistration',
        src: 'completeRegistration',
        input: ({ context }) => secretOf(context),
        onDone: { target: 'complete', actions: 'assignIdToken' },
        onError: { target: 'completionFailed', actions: 'assignCompletionFailure' },
      },
    },
    completionFailed: {
      tags: ['verification', 'error'],
      on: { 'complete.retry': { target: 'completing' } },
    },
    // The last step: a final state takes no further step (clamped).
    complete: { type: 'final', tags: 'complete' },
    duplicated: {
      tags: 'duplicated',
      // Another e-mail, perhaps: back to the details, everything typed still there.
      on: { 'step.back': { target: 'details', actions: 'clearErrors' } },
    },
    unsupported: {
      tags: 'unsupported',
      on: { 'step.back': { target: 'contactInfo', actions: 'clearErrors' } },
    },
    left: { type: 'final', tags: ['verification', 'smsBlocked'] },
  },
});

/**
 * The code check of one channel, the same for SMS and e-mail, each with its own actors, actions and
 * flags (`sendSmsCode`, `assignSmsSent`, `smsAlreadySent`, ...): resuming → sending → awaitingCode →
 * verifying, with sendFailed. `resuming` picks up where a registration met again left off (Back,
 * then forward): blocked, a code already sent, or a code to send.
 */
function codeCheck<C extends 'Sms' | 'Email'>(channel: C) {
  const flag = channel.toLowerCase() as Lowercase<C>;
  return {
    initial: 'resuming',
    states: {
      resuming: {
        always: [
          { guard: `${flag}MaxAttemptsReached`, target: '#signup.smsBlocked' },
          { guard: `${flag}AlreadySent`, target: 'awaitingCode' },
          { target: 'sending' },
        ],
      },
      sending: {
        tags: 'loading',
        invoke: {
          id: `send${channel}Code`,
          src: `send${channel}Code`,
          input: ({ context }: { context: SignupContext }) => secretOf(context),
          onDone: { target: 'awaitingCode', actions: `assign${channel}Sent` },
          onError: [
            { guard: 'isMaxAttempts', target: '#signup.smsBlocked', actions: `assign${channel}MaxAttempts` },
            { target: 'sendFailed', actions: `assign${channel}SendFailure` },
          ],
        },
      },
      sendFailed: {
        tags: 'error',
        on: {
          'code.resend': { target: 'sending', actions: 'clearCode' },
          'step.back': { target: '#signup.contactInfo', actions: 'clearCode' },
        },
      },
      awaitingCode: {
        on: {
          'code.change': { actions: 'assignCode' },
          'code.submit': [{ guard: 'codeValid', target: 'verifying' }, { actions: 'assignCodeInvalid' }],
          'code.resend': { target: 'sending', actions: 'clearCode' },
          'step.back': { target: '#signup.contactInfo', actions: 'clearCode' },
        },
      },
      verifying: {
        tags: 'loading',
        invoke: {
          id: `verify${channel}Code`,
          src: `verify${channel}Code`,
          input: ({ context }: { context: SignupContext }) => ({ ...secretOf(context), code: context.code.trim() }),
          onDone: { target: '#signup.completing', actions: `assign${channel}Verified` },
          onError: [
            { guard: 'isMaxAttempts', target: '#signup.smsBlocked', actions: `assign${channel}MaxAttempts` },
            { target: 'awaitingCode', actions: `assign${channel}VerifyFailure` },
          ],
        },
      },
    },
  } as const;
}

/** What the code failure puts in the context: a code error by the input, or a form error. */
function codeFailureContext(error: unknown): Pick<SignupContext, 'codeError' | 'formError'> {
  const failure = codeFailure(error);
  if (failure.kind === 'code') return { codeError: failure.codeError, formError: null };
  if (failure.kind === 'form') return { codeError: null, formError: failure.formError };
  return { codeError: null, formError: null };
}

export type SignupSnapshot = SnapshotFrom<typeof signupMachine>;

/** The step a snapshot shows (by its tags). */
export function signupStepOf(snapshot: Pick<SignupSnapshot, 'hasTag'>): SignupStep {
  for (const step of [...SIGNUP_STEPS, ...SIGNUP_OTHER_STEPS]) if (snapshot.hasTag(step)) return step;
  return 'details';
}
