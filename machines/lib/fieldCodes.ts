// The codes of a refused field (`{ field, code }` in a 400 error.validation answer, src/api/errors.ts
// FieldError), the same on the client and the platform: the platform's request schemas and the
// forms' rules put them in their messages, and the screens translate each.

export const FIELD_CODES = {
  required: 'validation.required',
  invalid: 'validation.invalid',
  tooLong: 'validation.too_long',
  email: 'validation.email',
  password: 'validation.password',
  phone: 'validation.phone',
  phonePrefix: 'validation.phone_prefix',
  name: 'validation.name',
  country: 'validation.country',
  currency: 'validation.currency',
  language: 'validation.language',
  cpf: 'validation.cpf',
  terms: 'validation.terms',
  termsVersion: 'validation.terms_version',
  code: 'validation.code',
  returnUrl: 'validation.return_url',
} as const;
export type FieldCode = (typeof FIELD_CODES)[keyof typeof FIELD_CODES];
