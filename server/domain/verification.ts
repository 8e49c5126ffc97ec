import type { VerificationMethod } from '../../src/api/player';
import type { CountryCode } from '../../machines/lib/countries';

// How a new registration is verified before the automatic login (the registration answer's
// `verification`, src/api/player.ts). The spec is silent on which country verifies how
// (behaviour.md §4 "Sign-up" only says the SMS or e-mail step is optional); a regulated operator
// verifies the phone, so SMS is the rule. India verifies the e-mail address (SMS delivery there
// needs a registered sender template); Malta needs none, so that the no-verification path
// (registration → automatic login) exists and is tested.

export const DEFAULT_VERIFICATION: VerificationMethod = 'SMS';

export const VERIFICATION_BY_COUNTRY: Readonly<Partial<Record<CountryCode, VerificationMethod>>> = {
  IN: 'EMAIL',
  MT: 'NONE',
};

export function verificationFor(country: CountryCode): VerificationMethod {
  return VERIFICATION_BY_COUNTRY[country] ?? DEFAULT_VERIFICATION;
}
