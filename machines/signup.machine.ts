// Sign-up (product.md §2 "Sign-up steps in order: Details, ContactInfo, Verification, Complete
// (further states: Unsupported, Duplicated)", §3 "Registration"; behaviour.md §4 "Sign-up", §5,
// §8 "Sign-up and reset"). Started by the session on `flow.start` from the /signup route.
//
// Details → ContactInfo → (register) → Verification (SMS, e-mail or none, as the platform answers)
// → (complete registration = automatic login) → Complete. `step.next` / `step.back` move between
// the steps and are clamped at both ends. The typed values live in the context from the first key
// to the last answer and no error clears them. The code itself is entered in the invoked
// code-verification machine (machines/codeVerification.machine.ts), one per channel; Back from it
// (its `cancelled` output) keeps the code that is out, so forward again with nothing changed resumes
// it without a new send; with only another phone, the registration takes the new phone
// (`changeRegistrationPhone`) and its SMS flags start afresh (behaviour.md §4).
//
// src/app/flows/signup.ts provides the outside world:
//   signupMachine.provide({ actors: {
//     solveCaptcha,            // captchaApi.solve → token (sent as the hcaptchaToken header)
//     fetchTermsVersion,       // contentApi.termsVersions → current.version
//     register,                // playerApi.register(body, captchaToken)
//     changeRegistrationPhone, // playerApi.changeRegistrationPhone({ playerId, token, phonePrefix, phoneBody })
//     codeVerification,        // codeVerificationMachine.provide({ actors: { sendCode, verifyCode } }), by channel
//     completeRegistration,    // PUT /player/registration → { idToken, claims } (parsed with parseIdToken)
//   } })
// Its output: { outcome: 'registered', session } (the session authorises the player) or
// { outcome: 'left' } (the SMS block was read: the session navigates home).
import { assign, fromPromise, raise, setup, stateIn } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { RegistrationRequest, RegistrationResponse } from '../src/api/player';
import { codeVerificationMachine, type BlockReason, type CodeSent, type CodeVerificationOutput } from './codeVerification.machine';
import { isMaxAttempts, retryAfterSecondsOf } from './lib/codeErrors';
import { DEFAULT_SIGNUP_COUNTRY, SIGNUP_REGISTRATION_TIMEOUT_MS } from './lib/constants';
import type { LanguageCode } from './lib/markets';
import { codeFailure, registrationFailure, SIGNUP_ERROR_CODES, type SignupFormError } from './lib/signupErrors';
import {
  applyFieldChange,
  buildRegistrationRequest,
  DETAILS_FIELDS,
  initialSignupValues,
  mobilePhoneOf,
  validateContact,
  validateDetails,
  withoutFieldErrors,
  type AffiliateParams,
  type SignupField,
  type SignupFieldErrors,
  type SignupValues,
} from './lib/signupForm';
import type { AuthenticatedSession } from './lib/identity';

/** product.md §2: the steps in order. */
export const SIGNUP_STEPS = ['details', 'contactInfo', 'verification', 'complete'] as const;
/** product.md §2: the further states. */
export const SIGNUP_OTHER_STEPS = ['unsupported', 'duplicated'] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number] | (typeof SIGNUP_OTHER_STEPS)[number];

/** What the registration knows of one channel's codes, between two visits of the Verification step. */
export interface ChannelFlags {
  /** The code that is out for the current registration (the SMS-sent flag), or null. */
  sent: CodeSent | null;
  /** The platform answered sms.max.attempts.reached (the max-attempts flag). */
  maxAttempts: boolean;
}

export interface SmsFlags extends ChannelFlags {
  /** The phone the flags belong to (the earlier entry); a different phone resets them (behaviour.md §4). */
  phone: string | null;
}

/** Why the SMS block shows: code entry's reasons, or too many phones for one registration. */
export type SignupBlockReason = BlockReason | 'tooManyPhones';

/** What the SMS block says (behaviour.md §8): why, and how long the platform said to wait (null: it did not). */
export interface SignupBlock {
  reason: SignupBlockReason;
  retryAfterSeconds: number | null;
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
  sms: SmsFlags;
  email: ChannelFlags;
  /** The channel whose code was verified. */
  verifiedBy: 'sms' | 'email' | null;
  /** Why the SMS block shows and for how long (behaviour.md §8); kept with the max-attempts flag. */
  block: SignupBlock | null;
  /** The automatic login's session (the id token and its claims). */
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

/**
 * Tags: the step a screen shows, and what it shows on it. codeEntry: the code-verification child
 * runs (the screen renders it); completing: the automatic login (loading) or its failure (error).
 */
export type SignupTag = SignupStep | 'form' | 'loading' | 'captchaSolving' | 'codeEntry' | 'smsBlocked' | 'completing' | 'error';

const NO_CODE: ChannelFlags = { sent: null, maxAttempts: false };

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
    events: {} as SignupEvent,
    input: {} as SignupInput,
    output: {} as SignupOutput,
    tags: {} as SignupTag,
    children: {} as { codeVerification: 'codeVerification' },
  },
  actors: {
    solveCaptcha: fromPromise<string>(notProvided('solveCaptcha')),
    fetchTermsVersion: fromPromise<number>(notProvided('fetchTermsVersion')),
    register: fromPromise<RegistrationResponse, { body: RegistrationRequest; captchaToken: string }>(notProvided('register')),
    changeRegistrationPhone: fromPromise<unknown, RegistrationPhoneChange>(notProvided('changeRegistrationPhone')),
    codeVerification: codeVerificationMachine,
    completeRegistration: fromPromise<AuthenticatedSession, RegistrationSecret>(notProvided('completeRegistration')),
  },
  actions: {
    assignLanguage: assign((_, params: { languageCode: LanguageCode }) => ({ languageCode: params.languageCode })),
    assignField: assign(({ context }, params: FieldChangeEvent) => {
      const values = applyFieldChange(context.values, params.field, params.value);
      // The phone prefix and the CPF depend on the country.
      const fieldErrors = withoutFieldErrors(
        context.fieldErrors,
        params.field === 'countryCode' ? ['countryCode', 'cpf', 'phonePrefix'] : [params.field],
      );
      // behaviour.md §4: a phone change after an earlier phone entry resets the SMS-sent and
      // max-attempts flags (the new number gets its own codes).
      const phone = mobilePhoneOf(values);
      const sms = context.sms.phone !== null && phone !== context.sms.phone ? { ...NO_CODE, phone: null } : context.sms;
      return { values, fieldErrors, sms };
    }),
    assignDetailsErrors: assign(({ context }) => ({ fieldErrors: validateDetails(context.values), formError: null })),
    assignContactErrors: assign(({ context }) => ({
      fieldErrors: validateContact(context.values, context.captchaToken),
      formError: null,
    })),
    clearErrors: assign({ fieldErrors: {}, formError: null }),
    assignTimeout: assign({ fieldErrors: {}, formError: 'timeout' as const }),
    clearFormError: assign({ formError: null }),
    assignCaptchaToken: assign(({ context }, params: { token: string }) => ({
      captchaToken: params.token,
      fieldErrors: withoutFieldErrors(context.fieldErrors, ['captcha']),
    })),
    assignCaptchaFailure: assign((_, params: { error: unknown }) => {
      const failure = registrationFailure(params.error);
      return {
        captchaToken: null,
        formError: failure.kind === 'form' && failure.formError === 'network' ? 'network' : SIGNUP_ERROR_CODES.captcha,
      };
    }),
    clearCaptcha: assign({ captchaToken: null }),
    assignTermsVersion: assign((_, params: { version: number }) => ({ termsVersion: params.version })),
    assignTermsFailure: assign((_, params: { error: unknown }) => {
      const failure = registrationFailure(params.error);
      return { formError: failure.kind === 'form' ? failure.formError : 'unknown' };
    }),
    assignRegistration: assign(({ context }, params: { registration: RegistrationResponse }) => {
      const registeredBody = registrationBodyOf(context);
      return {
        registration: params.registration,
        registeredBody,
        // A new registration has no code yet; the max-attempts flag stays with the phone.
        sms: { ...context.sms, sent: null, phone: registeredBody.mobilePhone },
        email: NO_CODE,
        verifiedBy: null,
      } satisfies Partial<SignupContext>;
    }),
    // behaviour.md §4: the new phone starts with no code sent and without the max-attempts flag.
    assignPhoneChanged: assign(({ context }) => {
      const registeredBody = registrationBodyOf(context);
      return { registeredBody, sms: { ...NO_CODE, phone: registeredBody.mobilePhone } } satisfies Partial<SignupContext>;
    }),
    assignRegistrationFailure: assign(({ context }, params: { error: unknown }) => {
      const failure = registrationFailure(params.error);
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
    // Back from code entry: the code that is out stays known, so forward again resumes it.
    assignCodeLeft: assign(({ context }, params: { channel: 'sms' | 'email'; output: CodeVerificationOutput }) => {
      const sent = params.output.outcome === 'cancelled' ? params.output.sent : null;
      return params.channel === 'sms'
        ? { sms: { ...context.sms, sent }, fieldErrors: {}, formError: null }
        : { email: { ...context.email, sent }, fieldErrors: {}, formError: null };
    }),
    // behaviour.md §8: sms.max.attempts.reached sets the max-attempts state and shows the SMS block.
    assignCodeBlocked: assign(({ context }, params: { channel: 'sms' | 'email'; output: CodeVerificationOutput }) => {
      const block: SignupBlock =
        params.output.outcome === 'blocked'
          ? { reason: params.output.reason, retryAfterSeconds: params.output.retryAfterSeconds }
          : { reason: 'wrongCodes', retryAfterSeconds: null };
      return params.channel === 'sms'
        ? { sms: { ...context.sms, sent: null, maxAttempts: true, phone: mobilePhoneOf(context.values) }, block }
        : { email: { sent: null, maxAttempts: true }, block };
    }),
    // Resuming a registration whose codes are blocked: the block shows again, for the same reason.
    assignBlockShown: assign(({ context }) => ({ block: context.block ?? { reason: 'wrongCodes' as const, retryAfterSeconds: null } })),
    assignTooManyPhones: assign(({ context }, params: { error: unknown }) => ({
      sms: { ...context.sms, sent: null, maxAttempts: true, phone: mobilePhoneOf(context.values) },
      block: { reason: 'tooManyPhones' as const, retryAfterSeconds: retryAfterSecondsOf(params.error) },
      fieldErrors: {},
      formError: null,
    })),
    assignVerified: assign((_, params: { channel: 'sms' | 'email' }) => ({ verifiedBy: params.channel, formError: null })),
    assignSession: assign((_, params: { session: AuthenticatedSession }) => ({ session: params.session, formError: null })),
    assignCompletionFailure: assign((_, params: { error: unknown }) => {
      const failure = codeFailure(params.error);
      return { formError: failure.kind === 'form' ? failure.formError : SIGNUP_ERROR_CODES.unhandled };
    }),
  },
  delays: {
    registrationAnswer: SIGNUP_REGISTRATION_TIMEOUT_MS,
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
    submitQueued: stateIn({ contactInfo: { solvingCaptcha: 'submitQueued' } }),
    isDuplicated: (_, params: { error: unknown }) => registrationFailure(params.error).kind === 'duplicated',
    isUnsupported: (_, params: { error: unknown }) => registrationFailure(params.error).kind === 'unsupported',
    // Field errors on the Details step's fields take the player back there to see them.
    hasDetailsFieldErrors: (_, params: { error: unknown }) => {
      const failure = registrationFailure(params.error);
      return failure.kind === 'fields' && DETAILS_FIELDS.some((field) => failure.fieldErrors[field] !== undefined);
    },
    isMaxAttempts: (_, params: { error: unknown }) => isMaxAttempts(params.error),
    verifiesBySms: ({ context }) => context.registration?.verification === 'SMS',
    verifiesByEmail: ({ context }) => context.registration?.verification === 'EMAIL',
    smsMaxAttemptsReached: ({ context }) => context.registration?.verification === 'SMS' && context.sms.maxAttempts,
    emailMaxAttemptsReached: ({ context }) => context.registration?.verification === 'EMAIL' && context.email.maxAttempts,
    codeVerified: (_, params: { output: CodeVerificationOutput }) => params.output.outcome === 'verified',
    codeBlocked: (_, params: { output: CodeVerificationOutput }) => params.output.outcome === 'blocked',
  },
}).createMachine({
  id: 'signup',
  description:
    'product.md §2 and §3 "Registration", behaviour.md §4 "Sign-up", §5, §8 "Sign-up and reset": Details → ' +
    'ContactInfo → Verification → Complete, `step.next` / `step.back` clamped at both ends, with Unsupported ' +
    '(`error.country.blocked`) and Duplicated (`error.registration.player_already_exists`). Started by the ' +
    'session on `flow.start` from /signup with the route language, the `bonusCode` and the affiliate ' +
    'parameters; the typed values stay in the context through every error. Sending ContactInfo reads the ' +
    'current terms version (`fetchTermsVersion`), then `register`s (payload from ' +
    '`machines/lib/signupForm.ts`: prefix + body as mobilePhone, caf as fr, the captcha token from ' +
    '`solveCaptcha` as header). The platform\'s answer picks SMS, e-mail or no verification; the code is ' +
    'entered in the invoked [code-verification](codeVerification.md) machine, one per channel. Its `blocked` ' +
    'end (`sms.max.attempts.reached`) shows the SMS block with the reason (`context.block`: wrong codes, too ' +
    'many codes, too many phones) and how long to wait (`CODE_BLOCK_MINUTES`); `block.acknowledge` leaves, ' +
    'output `{ outcome: \'left\' }` (the session navigates home). Another phone resets the SMS-sent and ' +
    'max-attempts flags. Back from code entry (its `cancelled` end) keeps the code that is out: an unchanged ' +
    'form resumes it without a send; another phone calls `changeRegistrationPhone` on the same registration ' +
    '(no second registration) and the SMS flags start again. `completeRegistration` is the automatic login: ' +
    'output `{ outcome: \'registered\', session }` (the id token and its parsed claims), which the session ' +
    'authorises.',
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
      sms: { ...NO_CODE, phone: null },
      email: NO_CODE,
      verifiedBy: null,
      block: null,
      session: null,
    }) satisfies SignupContext,
  initial: 'details',
  on: {
    'language.change': {
      actions: { type: 'assignLanguage', params: ({ event }) => ({ languageCode: event.languageCode }) },
      description: 'The site\'s language switcher: the registration goes in the language shown when it is sent.',
    },
  },
  output: ({ context }) =>
    context.session !== null ? { outcome: 'registered', session: context.session } : { outcome: 'left' },
  states: {
    details: {
      description: 'Step 1: names, e-mail, password.',
      tags: ['details', 'form'],
      on: {
        'field.change': { actions: { type: 'assignField', params: ({ event }) => event } },
        'step.next': [
          { guard: 'detailsValid', target: 'contactInfo', actions: 'clearErrors' },
          { actions: 'assignDetailsErrors', description: 'The form\'s own checks name each invalid field.' },
        ],
        'step.back': { target: 'details', description: 'Clamped: there is no step before the first.' },
      },
    },
    contactInfo: {
      description: 'Step 2: country, phone, consents and the captcha.',
      tags: ['contactInfo', 'form'],
      initial: 'editing',
      on: {
        'field.change': { actions: { type: 'assignField', params: ({ event }) => event } },
        'step.back': { target: 'details', actions: 'clearErrors', description: 'Leaving a step forgets its messages, never its values.' },
      },
      states: {
        editing: {
          description:
            'The player fills country, phone and consents; Create account checks the step, then registers, resumes ' +
            'the verification (nothing changed) or changes the registration\'s phone (another phone).',
          on: {
            'captcha.solve': { guard: 'captchaUnsolved', target: 'solvingCaptcha', actions: 'clearFormError' },
            'captcha.reset': { actions: 'clearCaptcha' },
            'step.next': [
              { guard: 'contactInvalid', actions: 'assignContactErrors' },
              {
                guard: 'registeredAsIs',
                target: '#signup.verification',
                actions: 'clearErrors',
                description: 'Back from Verification and forward again with nothing changed: the verification resumes where it was.',
              },
              {
                guard: 'registeredButPhone',
                target: '#signup.changingPhone',
                actions: 'clearErrors',
                description: 'behaviour.md §4: another phone after an earlier entry; the registration takes it.',
              },
              { target: '#signup.submitting', actions: 'clearErrors' },
            ],
          },
        },
        solvingCaptcha: {
          description:
            'The captcha is being checked. Create account pressed meanwhile is not lost (a sign-up must never stall ' +
            'without a word): the form is sent as soon as the captcha is solved.',
          tags: 'captchaSolving',
          initial: 'solving',
          states: {
            solving: {
              description: 'The captcha provider works; the form can still be edited, and nothing is sent yet.',
              on: {
                'step.next': {
                  target: 'submitQueued',
                  actions: 'clearErrors',
                  description: 'Create account before the captcha answered: shown as in progress, sent when it answers.',
                },
              },
            },
            submitQueued: {
              description: 'Create account was pressed: the screen shows the account being created.',
              tags: 'loading',
            },
          },
          invoke: {
            id: 'solveCaptcha',
            src: 'solveCaptcha',
            onDone: [
              {
                guard: 'submitQueued',
                target: 'editing',
                actions: [{ type: 'assignCaptchaToken', params: ({ event }) => ({ token: event.output }) }, raise({ type: 'step.next' })],
                description: 'Solved with Create account pressed: the form goes on as if pressed now (its checks, then the registration).',
              },
              { target: 'editing', actions: { type: 'assignCaptchaToken', params: ({ event }) => ({ token: event.output }) } },
            ],
            onError: {
              target: 'editing',
              actions: { type: 'assignCaptchaFailure', params: ({ event }) => ({ error: event.error }) },
              description: 'The captcha failed: its message shows and a pressed Create account waits for the player again.',
            },
          },
        },
      },
    },
    submitting: {
      description:
        'Create account was accepted: the terms version is read, then the registration is sent, with the loader on ' +
        'the Contact step. No answer within SIGNUP_REGISTRATION_TIMEOUT_MS gives up, everything typed kept.',
      tags: ['contactInfo', 'loading'],
      initial: 'readingTerms',
      after: {
        registrationAnswer: {
          target: '#signup.contactInfo',
          actions: 'assignTimeout',
          description:
            'No answer in time (SIGNUP_REGISTRATION_TIMEOUT_MS). The request is given up, the message says so and the ' +
            'button, now Try again, sends the same details again, everything typed kept; the platform answers a registration it already ' +
            'saved with the same details and password again (with a new secret), so the retry goes on to verification, not Duplicated.',
        },
      },
      states: {
        readingTerms: {
          description: 'behaviour.md §5: the accepted terms version comes from the current terms.',
          invoke: {
            id: 'fetchTermsVersion',
            src: 'fetchTermsVersion',
            onDone: { target: 'registering', actions: { type: 'assignTermsVersion', params: ({ event }) => ({ version: event.output }) } },
            onError: { target: '#signup.contactInfo', actions: { type: 'assignTermsFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        registering: {
          description:
            'The registration is sent (`register`, with the captcha token); the answer picks the verification, or ' +
            'a refusal leads to Duplicated, Unsupported, the step with the refused field, or back to Contact.',
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ context }) => ({ body: registrationBodyOf(context), captchaToken: context.captchaToken ?? '' }),
            onDone: {
              target: '#signup.verification',
              actions: { type: 'assignRegistration', params: ({ event }) => ({ registration: event.output }) },
              description: 'behaviour.md §4: an optional SMS or e-mail verification; without one, straight to the login.',
            },
            onError: [
              {
                guard: { type: 'isDuplicated', params: ({ event }) => ({ error: event.error }) },
                target: '#signup.duplicated',
                actions: { type: 'assignRegistrationFailure', params: ({ event }) => ({ error: event.error }) },
                description: 'behaviour.md §4: error.registration.player_already_exists moves to the Duplicated step.',
              },
              {
                guard: { type: 'isUnsupported', params: ({ event }) => ({ error: event.error }) },
                target: '#signup.unsupported',
                actions: { type: 'assignRegistrationFailure', params: ({ event }) => ({ error: event.error }) },
                description: 'behaviour.md §8: error.country.blocked.',
              },
              {
                guard: { type: 'hasDetailsFieldErrors', params: ({ event }) => ({ error: event.error }) },
                target: '#signup.details',
                actions: { type: 'assignRegistrationFailure', params: ({ event }) => ({ error: event.error }) },
                description: 'A field of the Details step was refused: back there to see it.',
              },
              {
                target: '#signup.contactInfo',
                actions: { type: 'assignRegistrationFailure', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
      },
    },
    changingPhone: {
      description: 'The registration takes the new phone; the old one\'s codes no longer count (server side too).',
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
          {
            guard: { type: 'isMaxAttempts', params: ({ event }) => ({ error: event.error }) },
            target: 'smsBlocked',
            actions: { type: 'assignTooManyPhones', params: ({ event }) => ({ error: event.error }) },
            description: 'Too many phones for one registration: the SMS block, as for too many codes.',
          },
          { target: 'contactInfo', actions: { type: 'assignRegistrationFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    verification: {
      description: 'Step 3: the code the platform asked for, entered in the code-verification machine.',
      tags: 'verification',
      initial: 'choosingChannel',
      states: {
        choosingChannel: {
          description: 'behaviour.md §4: SMS, e-mail or no verification, as the platform answered the registration; a blocked channel stays blocked.',
          always: [
            { guard: 'smsMaxAttemptsReached', target: '#signup.smsBlocked', actions: 'assignBlockShown' },
            { guard: 'verifiesBySms', target: 'sms' },
            { guard: 'emailMaxAttemptsReached', target: '#signup.smsBlocked', actions: 'assignBlockShown' },
            { guard: 'verifiesByEmail', target: 'email' },
            { target: '#signup.completing' },
          ],
        },
        sms: {
          description: 'Code entry by SMS for the registration (resuming a code that is out); its end decides what follows.',
          tags: 'codeEntry',
          invoke: {
            id: 'codeVerification',
            src: 'codeVerification',
            input: ({ context }) => ({ channel: 'sms' as const, subject: { kind: 'registration' as const, ...secretOf(context) }, sent: context.sms.sent }),
            onDone: [
              {
                guard: { type: 'codeVerified', params: ({ event }) => ({ output: event.output }) },
                target: '#signup.completing',
                actions: { type: 'assignVerified', params: { channel: 'sms' } },
              },
              {
                guard: { type: 'codeBlocked', params: ({ event }) => ({ output: event.output }) },
                target: '#signup.smsBlocked',
                actions: { type: 'assignCodeBlocked', params: ({ event }) => ({ channel: 'sms' as const, output: event.output }) },
                description: 'behaviour.md §8: sms.max.attempts.reached shows the SMS block.',
              },
              {
                target: '#signup.contactInfo',
                actions: { type: 'assignCodeLeft', params: ({ event }) => ({ channel: 'sms' as const, output: event.output }) },
                description: 'Back: to the contact details, where another phone moves the registration to it.',
              },
            ],
          },
        },
        email: {
          description: 'Code entry by e-mail for the registration, as for SMS.',
          tags: 'codeEntry',
          invoke: {
            id: 'codeVerification',
            src: 'codeVerification',
            input: ({ context }) => ({ channel: 'email' as const, subject: { kind: 'registration' as const, ...secretOf(context) }, sent: context.email.sent }),
            onDone: [
              {
                guard: { type: 'codeVerified', params: ({ event }) => ({ output: event.output }) },
                target: '#signup.completing',
                actions: { type: 'assignVerified', params: { channel: 'email' } },
              },
              {
                guard: { type: 'codeBlocked', params: ({ event }) => ({ output: event.output }) },
                target: '#signup.smsBlocked',
                actions: { type: 'assignCodeBlocked', params: ({ event }) => ({ channel: 'email' as const, output: event.output }) },
              },
              {
                target: '#signup.contactInfo',
                actions: { type: 'assignCodeLeft', params: ({ event }) => ({ channel: 'email' as const, output: event.output }) },
              },
            ],
          },
        },
      },
    },
    smsBlocked: {
      description:
        'behaviour.md §8: sms.max.attempts.reached shows the SMS block (what happened, how long to wait) and redirects away once read. ' +
        'A step back lets the player give another phone (which resets the flags, §4).',
      tags: ['verification', 'smsBlocked'],
      on: {
        'block.acknowledge': { target: 'left' },
        'step.back': { target: 'contactInfo', actions: 'clearErrors' },
      },
    },
    completing: {
      description: 'behaviour.md §4: registration finishes with an automatic login.',
      tags: ['verification', 'completing', 'loading'],
      invoke: {
        id: 'completeRegistration',
        src: 'completeRegistration',
        input: ({ context }) => secretOf(context),
        onDone: { target: 'complete', actions: { type: 'assignSession', params: ({ event }) => ({ session: event.output }) } },
        onError: { target: 'completionFailed', actions: { type: 'assignCompletionFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    completionFailed: {
      description: 'The automatic login failed (no network, the platform): the message, and a retry.',
      tags: ['verification', 'completing', 'error'],
      on: { 'complete.retry': { target: 'completing' } },
    },
    complete: {
      description: 'Step 4: registered and logged in; a final state takes no further step (clamped).',
      type: 'final',
      tags: 'complete',
    },
    duplicated: {
      description: 'product.md §2 Duplicated: another e-mail, perhaps; back to the details with everything typed.',
      tags: 'duplicated',
      on: { 'step.back': { target: 'details', actions: 'clearErrors' } },
    },
    unsupported: {
      description: 'product.md §2 Unsupported: the country is blocked; another country may be chosen.',
      tags: 'unsupported',
      on: { 'step.back': { target: 'contactInfo', actions: 'clearErrors' } },
    },
    left: {
      description: 'The SMS block was read: the session takes the player home.',
      type: 'final',
      tags: ['verification', 'smsBlocked'],
    },
  },
});

export type SignupSnapshot = SnapshotFrom<typeof signupMachine>;

/** The step a snapshot shows (by its tags). */
export function signupStepOf(snapshot: Pick<SignupSnapshot, 'hasTag'>): SignupStep {
  for (const step of [...SIGNUP_STEPS, ...SIGNUP_OTHER_STEPS]) if (snapshot.hasTag(step)) return step;
  return 'details';
}
