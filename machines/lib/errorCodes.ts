import { ACCESS_RESTRICTED_CODE, MAINTENANCE_CODE } from './accessCodes';
import { BONUS_ERROR_CODES } from './bonuses';
import type { LimitErrorCode } from './responsibleGambling';
import type { SelfExclusionRegister } from './selfExclusionRegisters';

// Every code the platform answers with (behaviour.md §8 "the error catalogue", plus the platform's
// own), once (issue 9 "One contract"): the platform throws them (server/http/errors.ts), the API
// contract re-exports them (src/api/errors.ts), and the machines' error readers compare with them.
// Pure data.

export const ERROR_CODES = {
  notFound: 'error.not_found',
  systemError: 'error.system.error',
  requestInvalid: 'error.request.invalid',
  siteContextInvalid: 'error.site_context.invalid',
  siteUnknown: 'error.site.unknown',
  marketUnknown: 'error.market.unknown',
  languageUnknown: 'error.language.unknown',
  contentNotFound: 'error.content.not_found',
  countryInvalid: 'error.country.invalid',
  maintenance: MAINTENANCE_CODE,
  accessRestricted: ACCESS_RESTRICTED_CODE,
  // Identity flows (src/api/player.ts, src/api/payAndPlay.ts; behaviour.md §8 "Sign-up and reset").
  validation: 'error.validation',
  signupUnhandled: 'error.signup.unhandled',
  captchaValidation: 'error.captcha.validation',
  vonageValidation: 'error.vonage.validation',
  countryBlocked: 'error.country.blocked',
  playerAlreadyExists: 'error.registration.player_already_exists',
  sameCustomerInfo: 'error.same.customer.info.detected',
  cpfDuplicate: 'error.cpf.duplicate_found',
  registrationTokenInvalid: 'error.registration.token.invalid',
  registrationIncomplete: 'error.registration.verification.required',
  smsCodeInvalid: 'sms.code.invalid',
  smsMaxAttempts: 'sms.max.attempts.reached',
  passwordReset: 'error.password.reset',
  payAndPlayAmountInvalid: 'error.paynplay.amount.invalid',
  payAndPlayCodeInvalid: 'error.paynplay.code.invalid',
  payAndPlaySessionInvalid: 'error.paynplay.session.invalid',
  /** issue 9: pay and play's update only fills missing fields; a change needs a code (account page). */
  payAndPlayUpdateFieldLocked: 'error.paynplay.update.field_locked',
  // Login, session and account (server/routes/auth.ts, server/http/auth.ts; behaviour.md §8 "Login").
  tokenInvalid: 'error.token.invalid',
  sessionExpired: 'error.session.expired',
  playerNotFound: 'code:error.player.not.found',
  loginAttemptsExceeded: 'code:error.sign.in.attempt.count.exceeded',
  accountDeactivated: 'code:error.account.deactivated',
  accountClosed: 'code:error.account.closed',
  exclusionIndefinite: 'code:error.exclusion.in.progress.indefinitely',
  oldPasswordIncorrect: 'error.old_password.incorrect',
  termsVersionInvalid: 'error.terms.version.invalid',
  /** 400, issue 23: a cookie consent to another version than machines/lib/constants.ts COOKIE_POLICY_VERSION; nothing is stored. */
  cookieConsentVersionInvalid: 'error.cookie_consent.version.invalid',
  /** The e-mailed unlock link (issue 9) is unknown, used or expired. */
  unlockInvalid: 'error.unlock.invalid',
  /**
   * 403, issue 23: a national self-exclusion register lists the person (sign-up, pay and play's bank
   * step, login); the register follows as the login codes' additionalInfo, `…:register:SPELPAUS`.
   */
  registerListed: 'code:error.self_exclusion.register.listed',
  /** 503, issue 23: the register could not be asked, so nothing is done (fail closed); details.retryAfterSeconds. */
  registerUnavailable: 'code:error.self_exclusion.register.unavailable',
  // The account's second factor (issue 23; server/services/second-factor.ts, src/api/secondFactor.ts).
  /** The login or the withdrawal to a new method waits for the second factor: details.challengeToken. */
  secondFactorRequired: 'error.second_factor.required',
  /** A wrong, reused or expired code, recovery code or passkey answer. */
  secondFactorInvalid: 'error.second_factor.invalid',
  /** The challenge token is unknown, used or expired: the login starts again. */
  secondFactorChallengeInvalid: 'error.second_factor.challenge_invalid',
  /** The factor is not in the state the call needs (nothing to confirm, already on, not on). */
  secondFactorState: 'error.second_factor.state',
  // Wallet and banking (src/api/wallet.ts; behaviour.md §8 "General", "Withdrawal and limits").
  /** behaviour.md §8: a wallet 404 means the player has no wallet. */
  walletNotFound: 'error.wallet.not_found',
  /** issue 11: an idempotency key used again with other parameters. */
  idempotencyConflict: 'error.idempotency.conflict',
  withdrawalCancelLimitReached: 'error.withdrawal.cancel.limit_reached',
  /** UKGC RTS 14B: a withdrawal requested in the GG market cannot be reversed. */
  withdrawalCancelNotAllowed: 'error.withdrawal.cancel.not_allowed',
  // Games (src/api/games.ts; behaviour.md §8 "General": game detail and token failures). Not 403:
  // a 403 to the player's own call logs them out (src/api/client.ts).
  /** 451: the game is restricted in the player's country (behaviour.md §5 provider restrictions). */
  gameRestricted: 'error.game.restricted',
  /** 409: live casino has no demo (behaviour.md §5); log in to play. */
  gameDemoUnavailable: 'error.game.demo_unavailable',
  /** 409: the player may not play this vertical now (access flags, payout risk, multibrand suspension). */
  gameAccessRestricted: 'error.game.access_restricted',
  /** 401 "Token expired" (behaviour.md §8): the launch's game token is missing, expired or for another game. */
  gameTokenExpired: 'error.token.expired',
  // The game providers' seamless wallet (server/contract/provider-wallet.ts; issue 20): a round's books.
  /** 404: a win or a bet-void names no bet of this provider, player and round. */
  roundNotFound: 'error.round.not_found',
  /** 409: a rollback of a bet whose round has paid a win. */
  roundSettled: 'error.round.settled',
  /** 409: a bet or a win on a round that was rolled back, or a bet on a settled round. */
  roundClosed: 'error.round.closed',
  /** 409: a win past the provider's contract bound (its stake times the provider's multiplier). */
  winLimitExceeded: 'error.win.limit_exceeded',
  // Responsible gambling (src/api/responsibleGambling.ts; issue 13). The limit codes themselves are
  // behaviour.md §5's, machines/lib/responsibleGambling.ts LIMIT_ERROR_CODES.
  /** 409: deposits and real-money play wait for the limits the player's market requires (details.required). */
  limitsRequired: 'error.limits.required',
  /**
   * 409, issue 20: a deposit the player's limits do not allow, where the path has no operation answer
   * to carry it (pay and play's code check): the spec's result itself (behaviour.md §4 "SELF_LIMIT_
   * REACHED: self-limit reached or notify"), with details.limitLeft, limitType and resetOn.
   */
  selfLimitReached: 'SELF_LIMIT_REACHED',
  // Documents (issue 23; src/api/documents.ts, server/services/documents.ts): an upload refused stores nothing.
  /** 400: the form has no file, or more than one. */
  documentFileMissing: 'error.document.file_missing',
  /** 400: the file is empty. */
  documentEmpty: 'error.document.empty',
  /** 413: the file is larger than machines/lib/kyc.ts DOCUMENT_MAX_BYTES. */
  documentTooLarge: 'error.document.too_large',
  /** 400: the file's name is empty, too long, or has a path or control characters. */
  documentFileNameInvalid: 'error.document.file_name_invalid',
  /** 415: the bytes are not an image or a PDF (whatever the name or the declared type say). */
  documentTypeUnsupported: 'error.document.type_unsupported',
  /** 422: a PDF with scripts, launch actions or embedded files, or an image that does not decode. */
  documentUnsafe: 'error.document.unsafe',
  /** 429: too many uploads for now (details.retryAfterSeconds). */
  documentUploadLimit: 'error.document.upload_limit',
  /** 409: the identity-verification provider's session is unknown, used or expired. */
  verificationSessionInvalid: 'error.verification.session_invalid',
  // The EDD questionnaire (src/api/edd.ts; product.md §3, behaviour.md §5, §7 /player/questionnaire/answer).
  /** 409: nobody asked this player for the questionnaire (the KYC level is not EDD_PENDING). */
  eddNotRequested: 'error.edd.not_requested',
  /** 409: the operator accepted the answers already; they no longer change. */
  eddAlreadyApproved: 'error.edd.already_approved',
  // The address and the province (issue 23; src/api/address.ts, product.md §3 "Account details").
  /** 409: the province is a Canadian player's (machines/lib/address.ts PROVINCE_COUNTRY); nothing changes. */
  provinceNotApplicable: 'error.province.not_applicable',
  // Bonuses and rewards (issue 24; behaviour.md §8 "Bonus"; machines/lib/bonuses.ts, src/api/bonuses.ts).
  ...BONUS_ERROR_CODES,
} as const;

/**
 * behaviour.md §8 "Login": the codes that carry the days left; a cooling-off's time-out adds who asked
 * for it (behaviour.md §4 "Session": isCooling, initiator; machines/lib/loginErrors.ts reads the pairs).
 */
export type DaysErrorCode =
  | `code:error.timeout.in.progress:days:${number}`
  | `code:error.timeout.in.progress:days:${number}:isCooling:true:initiator:${string}`
  | `code:error.exclusion.in.progress:days:${number}`;
/** behaviour.md §5's deposit limit codes (machines/lib/responsibleGambling.ts LIMIT_ERROR_CODES) are answered too. */
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES] | DaysErrorCode | LimitErrorCode | RegisterErrorCode;
/** Issue 23: a register's refusal names the register (machines/lib/selfExclusionRegisters.ts). */
export type RegisterErrorCode = `${typeof ERROR_CODES.registerListed | typeof ERROR_CODES.registerUnavailable}:register:${SelfExclusionRegister}`;

/**
 * The codes of one invalid field in a 400 error.validation (`errors: [{ field, code }]`): the
 * platform's side of the field rules in machines/lib/rules.ts.
 */
export const FIELD_CODES = {
  required: 'validation.required',
  invalid: 'validation.invalid',
  tooLong: 'validation.too_long',
  email: 'validation.email',
  password: 'validation.password',
  phone: 'validation.phone',
  name: 'validation.name',
  country: 'validation.country',
  currency: 'validation.currency',
  language: 'validation.language',
  cpf: 'validation.cpf',
  terms: 'validation.terms',
  termsVersion: 'validation.terms_version',
  code: 'validation.code',
  returnUrl: 'validation.return_url',
  /** A cashier amount that is not an amount in the account currency (machines/lib/wallet.ts). */
  amount: 'validation.amount',
  amountTooLow: 'validation.amount.too_low',
  amountTooHigh: 'validation.amount.too_high',
  paymentMethod: 'validation.payment_method',
  /** A postal code not in the shape of the player's country's (machines/lib/address.ts). */
  postalCode: 'validation.postal_code',
  /** Not one of the 13 Canadian provinces and territories (machines/lib/countries.ts CA_PROVINCES). */
  province: 'validation.province',
} as const;

/** The password rule's field codes (machines/lib/rules.ts passwordRule) as the platform answers them. */
export const PASSWORD_RULE_CODES = {
  tooShort: 'error.password.too_short',
  tooLong: 'error.password.too_long',
  letterRequired: 'error.password.letter_required',
  digitRequired: 'error.password.digit_required',
} as const;
