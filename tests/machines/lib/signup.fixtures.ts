// The sign-up flow's fixtures (tests/machines/signup.machine.test.ts): what the player types, the
// platform's answers and refusals, the body product.md §3 asks for, and the events its path test
// tries in each state (`eventsFor`). `npm run paths signup` walks the same events
// (scripts/lib/pathModels.ts).
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { CodeSent, CodeVerificationOutput } from '../../../machines/codeVerification.machine';
import type { AuthenticatedSession } from '../../../machines/lib/identity';
import { SIGNUP_ERROR_CODES as E } from '../../../machines/lib/signupErrors';
import type { SignupValues } from '../../../machines/lib/signupForm';
import type { signupMachine, SignupInput } from '../../../machines/signup.machine';
import type { RegistrationRequest, RegistrationResponse } from '../../../src/api/player';
import { ApiError } from '../../../src/api/errors';

// The player's events and, in the paths, the synthetic answers of the invoked actors.
type PlayerEvent = EventFromLogic<typeof signupMachine>;
export type SignupEvent = PlayerEvent | { type: `xstate.${string}`; [key: string]: unknown };
type SignupSnapshot = SnapshotFrom<typeof signupMachine>;

// ---------------------------------------------------------------- the world the paths run in

/** Valid values the player has typed in both form steps (the captcha is still to solve). */
export const TYPED: SignupValues = {
  firstName: 'Aino',
  lastName: 'Virtanen',
  email: 'aino@example.com',
  password: 'Aurora-Player-1',
  countryCode: 'FI',
  phonePrefix: '+358',
  phoneBody: '40 123 4567',
  cpf: '',
  termsAndConditions: true,
  cookiePolicyAccepted: true,
  marketingOptIn: false,
};
export const OTHER_PHONE = '50 765 4321';
const BAD_EMAIL = 'aino@';

/** Canadian French on the route: sent as fr (behaviour.md §5). */
export const INPUT: SignupInput = {
  languageCode: 'caf',
  bonusCode: ' WELCOME100 ',
  affiliate: { aff_id: 'aff-77', appsflyer_token: 'af-token-1' },
  values: TYPED,
};
export const CAPTCHA_TOKEN = 'captcha-token-1';
export const TERMS_VERSION = 3;
const ID_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJwbGF5ZXJfaWQiOjQyfQ.c2ln';
/** What completeRegistration gives: the token and its parsed claims (the provided actor parses it). */
export const SESSION: AuthenticatedSession = {
  idToken: ID_TOKEN,
  claims: {
    countryCode: 'FI',
    playerId: 42,
    playerAccessId: 'access-42',
    email: 'aino@example.com',
    language: 'en',
    iat: 1_700_000_000,
    loginMethod: 'DEFAULT',
    zendeskJwtToken: null,
    registrationDate: null,
    multibrand: null,
    provinceCode: null,
    exp: null,
  },
};
const SENT: CodeSent = { ticket: null, sentTo: '+358 40 *** 67' };

export const registered = (verification: RegistrationResponse['verification']): RegistrationResponse => ({
  playerId: 42,
  token: 'registration-secret',
  verification,
});

export const http = (status: number, code: string, fieldErrors: { field: string; code: string }[] = []) =>
  new ApiError('http', status, code, code, fieldErrors);
export const offline = new ApiError('network', 0, 'network.error', 'Network Error');

const done = (id: string, output: unknown) =>
  ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as unknown as SignupEvent;
const failed = (id: string, error: unknown) =>
  ({ type: `xstate.error.actor.${id}`, actorId: id, error }) as unknown as SignupEvent;
export const change = <K extends keyof SignupValues>(field: K, value: SignupValues[K]) =>
  ({ type: 'field.change', field, value }) as PlayerEvent;

/** Every refusal of POST /player/registration that behaviour.md §8 names, and then some. */
const REGISTRATION_ERRORS = [
  http(409, E.playerAlreadyExists),
  http(409, E.cpfDuplicate),
  http(409, E.sameCustomerInfo),
  http(403, E.countryBlocked),
  http(403, E.captcha),
  http(403, E.vonage),
  http(500, E.system),
  http(400, 'error.validation'),
  http(400, 'error.validation', [{ field: 'email', code: 'error.validation.email' }]),
  http(400, 'error.validation', [{ field: 'mobilePhone', code: 'error.validation.phone' }]),
  http(400, 'error.validation', [{ field: 'languageCode', code: 'error.validation.language' }]),
  http(400, 'error.something.new'),
  http(502, 'error.gateway'),
  offline,
] as const;

/** Refusals of another phone for the registration (POST /player/registration/phone). */
const PHONE_CHANGE_ERRORS = [http(403, E.vonage), http(409, E.sameCustomerInfo), http(429, E.smsMaxAttempts), offline] as const;

/** How code entry can end (its own test covers how it gets there). */
const CODE_ENDS = {
  verified: { outcome: 'verified', key: null },
  wrongCodes: { outcome: 'blocked', reason: 'wrongCodes', retryAfterSeconds: null },
  // The platform may say how long to wait (details.retryAfterSeconds).
  tooManyCodes: { outcome: 'blocked', reason: 'tooManyCodes', retryAfterSeconds: 600 },
  back: { outcome: 'cancelled', sent: SENT },
} as const satisfies Record<string, CodeVerificationOutput>;

/**
 * The events the paths try in each state. A few field changes stand for the player's typing (an
 * e-mail made invalid and fixed, another phone, the marketing box), and the refusals are tried
 * where they first can happen: enough to take every transition without the graph growing with
 * every combination of earlier answers.
 */
export function eventsFor(snapshot: SignupSnapshot): SignupEvent[] {
  const { context } = snapshot;
  /** Nothing sent yet: the first pass through the form. */
  const firstPass = context.registration === null && context.termsVersion === null;
  const clean = context.formError === null && Object.keys(context.fieldErrors).length === 0;
  const common: SignupEvent[] = [{ type: 'step.next' }, { type: 'step.back' }];
  if (snapshot.matches('details')) {
    if (!firstPass) return common;
    return [
      ...common,
      change('email', context.values.email === BAD_EMAIL ? TYPED.email : BAD_EMAIL),
      // The site's language switcher: the registration follows it (here: stays Canadian French).
      { type: 'language.change', languageCode: 'caf' },
    ];
  }
  if (snapshot.matches({ contactInfo: 'editing' })) {
    const events: SignupEvent[] = [...common];
    if (context.captchaToken === null) events.push({ type: 'captcha.solve' });
    else if (firstPass) events.push({ type: 'captcha.reset' });
    // Phone and marketing changes once there is an earlier entry they can reset.
    if (context.registration !== null && clean && context.captchaToken !== null) {
      events.push(change('phoneBody', context.values.phoneBody === TYPED.phoneBody ? OTHER_PHONE : TYPED.phoneBody));
      events.push(change('marketingOptIn', !context.values.marketingOptIn));
    }
    return events;
  }
  if (snapshot.matches({ contactInfo: 'solvingCaptcha' })) {
    const answers: SignupEvent[] = [done('solveCaptcha', CAPTCHA_TOKEN)];
    if (firstPass && clean) answers.push(failed('solveCaptcha', offline), failed('solveCaptcha', http(500, E.system)));
    // Issue 21: Create account pressed before the captcha answered (tried on the first pass).
    if (firstPass && clean && snapshot.matches({ contactInfo: { solvingCaptcha: 'solving' } })) answers.push({ type: 'step.next' });
    if (snapshot.matches({ contactInfo: { solvingCaptcha: 'submitQueued' } })) answers.push(failed('solveCaptcha', offline));
    return answers;
  }
  if (snapshot.matches({ submitting: 'readingTerms' })) {
    return context.registration === null && context.termsVersion === null
      ? [done('fetchTermsVersion', TERMS_VERSION), failed('fetchTermsVersion', offline)]
      : [done('fetchTermsVersion', TERMS_VERSION)];
  }
  if (snapshot.matches({ submitting: 'registering' })) {
    const answers: SignupEvent[] = [done('register', registered('SMS'))];
    if (context.registration === null) {
      answers.push(done('register', registered('EMAIL')), done('register', registered('NONE')));
      answers.push(...REGISTRATION_ERRORS.map((error) => failed('register', error)));
    }
    return answers;
  }
  if (snapshot.matches('changingPhone')) {
    const accepted = done('changeRegistrationPhone', { ok: true });
    // The refusals on the first move away from the registered phone of an SMS registration.
    const first = context.registration?.verification === 'SMS' && context.registeredBody?.phoneBody === expectedBody(TYPED).phoneBody && !context.sms.maxAttempts;
    return first ? [accepted, ...PHONE_CHANGE_ERRORS.map((error) => failed('changeRegistrationPhone', error))] : [accepted];
  }
  for (const channel of ['sms', 'email'] as const) {
    if (snapshot.matches({ verification: channel })) {
      const flags = context[channel];
      /** The first code of the first registration: where every end of code entry is tried. */
      const first = flags.sent === null && !flags.maxAttempts && context.values.phoneBody === TYPED.phoneBody && !context.values.marketingOptIn;
      const verified = done('codeVerification', CODE_ENDS.verified);
      return first
        ? [verified, done('codeVerification', CODE_ENDS.wrongCodes), done('codeVerification', CODE_ENDS.tooManyCodes), done('codeVerification', CODE_ENDS.back)]
        : [verified];
    }
  }
  if (snapshot.matches('smsBlocked')) return [{ type: 'block.acknowledge' }, { type: 'step.back' }];
  if (snapshot.matches('completing')) {
    return context.formError === null
      ? [done('completeRegistration', SESSION), failed('completeRegistration', offline)]
      : [done('completeRegistration', SESSION)];
  }
  if (snapshot.matches('completionFailed')) return [{ type: 'complete.retry' }];
  if (snapshot.matches('duplicated') || snapshot.matches('unsupported')) return common;
  return [];
}

/** The exact body product.md §3 asks for, from the values the player typed. */
export function expectedBody(values: SignupValues): RegistrationRequest {
  const phoneBody = values.phoneBody.replace(/\s/g, '');
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    password: values.password,
    mobilePhone: `${values.phonePrefix}${phoneBody}`,
    phonePrefix: values.phonePrefix,
    phoneBody,
    countryCode: values.countryCode,
    languageCode: 'fr',
    termsAndConditions: true,
    cookiePolicyAccepted: true,
    marketingOptIn: values.marketingOptIn,
    allConditions: values.marketingOptIn,
    termsAndConditionsAcceptedVersion: TERMS_VERSION,
    bonusCode: 'WELCOME100',
    affiliate: { aff_id: 'aff-77', appsflyer_token: 'af-token-1' },
  };
}
