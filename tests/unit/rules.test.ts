import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { detailsSchema, initialSignupValues, validateContact } from '../../machines/lib/signupForm';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '../../machines/lib/rules';
import { registrationRequestSchema } from '../../src/api/player';
import { loginFieldErrors } from '../../src/features/auth/errorMessages';

// Issue 9 "One contract": the sign-up form, the login form and the platform's request schema judge a
// field by the same rule (machines/lib/rules.ts). For each sample the form and the platform agree.

function formAccepts(field: 'firstName' | 'email' | 'password', value: string): boolean {
  const result = v.safeParse(detailsSchema, { firstName: 'Aino', lastName: 'Virtanen', email: 'aino@example.com', password: 'Sunny-Day-42', [field]: value });
  return result.success;
}

function platformAccepts(field: string, value: string): boolean {
  const body = {
    firstName: 'Aino',
    lastName: 'Virtanen',
    email: 'aino@example.com',
    password: 'Sunny-Day-42',
    mobilePhone: '+358401234567',
    phonePrefix: '+358',
    phoneBody: '401234567',
    countryCode: 'FI',
    languageCode: 'fi',
    termsAndConditions: true,
    cookiePolicyAccepted: true,
    marketingOptIn: false,
    allConditions: false,
    termsAndConditionsAcceptedVersion: 3,
    [field]: value,
  };
  return v.safeParse(registrationRequestSchema, body).success;
}

describe('one rule per field, on both sides', () => {
  it.each([
    'aino@example.com',
    'a@b.fi',
    'aino@localhost',
    'aino example@example.com',
    'aino@@example.com',
    'aino@example.com\u0000',
    'aino\ud800@example.com',
    `${'a'.repeat(EMAIL_MAX_LENGTH)}@example.com`,
    '',
  ])('e-mail %j', (email) => {
    expect(formAccepts('email', email)).toBe(platformAccepts('email', email));
    expect(loginFieldErrors(email, 'x').email === undefined).toBe(platformAccepts('email', email));
  });

  it.each(['Aino', "D'Arcy", 'Jean-Luc', 'Åsa', 'Ωmega', 'x'.repeat(NAME_MAX_LENGTH), 'x'.repeat(NAME_MAX_LENGTH + 1), '1Aino', '', 'Aino<script>'])(
    'name %j',
    (name) => {
      expect(formAccepts('firstName', name)).toBe(platformAccepts('firstName', name));
    },
  );

  it.each(['Sunny-Day-42', 'short1', 'nodigitshere', '12345678', `a1${'x'.repeat(70)}`, 'Päivä-2024'])('password %j', (password) => {
    expect(formAccepts('password', password)).toBe(platformAccepts('password', password));
  });

  it.each(['401234567', '40 123 4567', '40-123', '123', '4'.repeat(15), '40123456a'])('phone %j', (phoneBody) => {
    const form = validateContact(initialSignupValues({ phoneBody, termsAndConditions: true, cookiePolicyAccepted: true }), 'token');
    expect(form.phoneBody === undefined).toBe(platformAccepts('phoneBody', phoneBody));
  });
});
