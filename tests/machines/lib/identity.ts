import type { AuthenticatedSession, SessionClaims } from '../../../machines/lib/identity';

/** A logged-in player's claims (product.md §3 "Session"), as the tests' platform would issue them. */
export const CLAIMS: SessionClaims = {
  countryCode: 'FI',
  playerId: 1001,
  playerAccessId: 'access-1001',
  email: 'player@example.com',
  language: 'fi',
  iat: 1_700_000_000,
  loginMethod: 'DEFAULT',
  zendeskJwtToken: null,
  registrationDate: '2024-01-31',
  multibrand: { suspended: false },
  provinceCode: null,
  exp: 1_700_003_600,
};

/** What a login of any kind gives the session. */
export const LOGGED_IN: AuthenticatedSession = { idToken: 'header.payload.signature', claims: CLAIMS };
