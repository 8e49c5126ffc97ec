import * as v from 'valibot';
import { expect } from 'vitest';
import { registrationResponseSchema, type RegistrationRequest, type RegistrationResponse } from '../../../src/api/player';
import { DEFAULT_CAPTCHA_SECRET } from '../../../server/config';
import { currentTermsVersion } from '../../../server/services/account-status';
import { json } from './platform';

// Helpers of the identity-flow server tests (registration, codes, reset, phone, pay and play).

type App = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

export const errorBodySchema = v.object({
  code: v.string(),
  message: v.string(),
  errors: v.optional(v.array(v.object({ field: v.string(), code: v.string() }))),
});
export type ErrorAnswer = v.InferOutput<typeof errorBodySchema>;

/** Asserts a JSON error answer with this status and code; returns its body. */
export async function expectError(response: Response, status: number, code: string): Promise<ErrorAnswer> {
  const text = await response.text();
  expect({ status: response.status, text }).toMatchObject({ status });
  const body = v.parse(errorBodySchema, JSON.parse(text));
  expect(body.code).toBe(code);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

/** The field codes of a 400 error.validation. */
export async function expectFieldErrors(response: Response): Promise<Record<string, string>> {
  const body = await expectError(response, 400, 'error.validation');
  return Object.fromEntries((body.errors ?? []).map((error) => [error.field, error.code]));
}

export function postJson(app: App, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return Promise.resolve(
    app.request(path, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', ...headers },
    }),
  );
}

export function putJson(app: App, path: string, body: unknown): Promise<Response> {
  return Promise.resolve(
    app.request(path, { method: 'PUT', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  );
}

/** The last code the simulated provider sent to a phone or an address (test mode). */
export async function lastCode(app: App, to: string): Promise<string> {
  const response = await app.request(`/api/test/codes/last?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return v.parse(v.object({ code: v.string() }), await json(response)).code;
}

let sequence = 0;
/** A fresh e-mail, names and phone for each registration (the duplicate checks look at them). */
export function uniqueDetails(): { email: string; phoneBody: string; lastName: string } {
  sequence += 1;
  const stamp = `${String(process.pid % 1000)}${String(sequence).padStart(4, '0')}`;
  return { email: `new.player.${stamp}@example.com`, phoneBody: `50${stamp}`, lastName: `Tester${stamp.replace(/[0-9]/g, (digit) => 'abcdefghij'.charAt(Number(digit)))}` };
}

export function registrationBody(overrides: Partial<RegistrationRequest> = {}): RegistrationRequest {
  const unique = uniqueDetails();
  const phonePrefix = overrides.phonePrefix ?? '+358';
  const phoneBody = overrides.phoneBody ?? unique.phoneBody;
  return {
    firstName: 'Aino',
    lastName: unique.lastName,
    email: unique.email,
    password: 'Sunny-Day-42',
    mobilePhone: `${phonePrefix}${phoneBody}`,
    phonePrefix,
    phoneBody,
    countryCode: 'FI',
    languageCode: 'fi',
    termsAndConditions: true,
    cookiePolicyAccepted: true,
    marketingOptIn: false,
    allConditions: false,
    termsAndConditionsAcceptedVersion: currentTermsVersion(),
    ...overrides,
  };
}

export const CAPTCHA = { hcaptchaToken: DEFAULT_CAPTCHA_SECRET };

export function postRegistration(app: App, body: unknown, headers: Record<string, string> = CAPTCHA): Promise<Response> {
  return postJson(app, '/api/player/registration', body, headers);
}

export async function register(app: App, overrides: Partial<RegistrationRequest> = {}): Promise<RegistrationResponse & { body: RegistrationRequest }> {
  const body = registrationBody(overrides);
  const response = await postRegistration(app, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return { ...v.parse(registrationResponseSchema, await json(response)), body };
}

export function bearer(idToken: string): Record<string, string> {
  return { Authorization: `Bearer ${idToken}` };
}
