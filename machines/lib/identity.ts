// Who a logged-in player is, as the platform's id token says (product.md §3 "Session"). Shared by
// the machines, the API contract (src/api/auth.ts parses tokens into it) and the platform
// (server/platform/sessions.ts issues them): a wire shape, so it lives here and not in a machine.

/** product.md §3 "Session": loginMethod defaults to DEFAULT. */
export const DEFAULT_LOGIN_METHOD = 'DEFAULT';

/**
 * What the session knows from the identity token's claims (product.md §3 "Session"): country_code,
 * language_code, player_id, player_access_id, email, iat, login_method, zendeskJwtToken,
 * registrationDate, multibrand (a JSON string, parsed), province_code and exp.
 */
export interface SessionClaims {
  countryCode: string;
  /** player_id, as an integer. */
  playerId: number;
  playerAccessId: string;
  email: string;
  language: string;
  /** Issued-at, seconds since the epoch. */
  iat: number;
  /** login_method; DEFAULT_LOGIN_METHOD when absent. */
  loginMethod: string;
  zendeskJwtToken: string | null;
  registrationDate: string | null;
  /** The parsed multibrand claim; `suspended` drives the multibrand-suspension guards. */
  multibrand: { suspended: boolean } | null;
  provinceCode: string | null;
  /** Expiry, seconds since the epoch; an expired token leads to logout (behaviour.md §4). */
  exp: number | null;
}

/** What every login gives the session (the login form, sign-up, pay and play, a restored cookie). */
export interface AuthenticatedSession {
  idToken: string;
  claims: SessionClaims;
}
