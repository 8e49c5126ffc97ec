import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

// The database as Kysely sees it. One interface per table; later issues add players, wallet
// ledger entries, ... as new migrations and new interfaces here.

/** A JSON value as the drivers return it: PGlite and `pg` both parse jsonb into objects. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * jsonb columns are written as a JSON string (both drivers pass a string through unchanged and
 * PostgreSQL parses it) and read back as the parsed value.
 */
export type JsonColumn = ColumnType<JsonValue, string, string>;

export interface PlatformSettingsTable {
  key: string;
  value: JsonColumn;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface ContentDocumentsTable {
  id: Generated<number>;
  site_id: number;
  market: string;
  language: string;
  /** page | footer | seo | terms-versions (server/content/documents.ts). */
  kind: string;
  key: string;
  body: JsonColumn;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** product.md §3 "Player account status". */
export const PLAYER_STATUSES = [
  'CLOSED',
  'ACCOUNT_UNVERIFIED',
  'PRE_REGISTERED',
  'REGISTERED',
  'BLACKLISTED',
  'RESTRICTED',
  'PAYOUT',
  'TIMEOUT',
  'SELF_EXCLUDED',
] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];

type Timestamp = ColumnType<Date, Date | undefined, Date>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

/** Migration 0003 (server/services/players.ts is the store). */
export interface PlayersTable {
  id: Generated<number>;
  email: string | null;
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  phone_prefix: string | null;
  phone_body: string | null;
  country_code: string;
  language_code: string;
  currency_code: Generated<string>;
  province_code: string | null;
  personid: string | null;
  cpf: string | null;
  status: ColumnType<PlayerStatus, PlayerStatus | undefined, PlayerStatus>;
  kyc_status: Generated<string>;
  terms_accepted_version: Generated<number>;
  marketing_opt_in: Generated<boolean>;
  cookie_policy_accepted: Generated<boolean>;
  bonus_code: string | null;
  /** { aff_id?, appsflyer_token? } (behaviour.md §9 affiliate parameters). */
  affiliate: ColumnType<JsonValue | null, string | null | undefined, string | null>;
  registration_date: Timestamp;
  timeout_until: NullableTimestamp;
  exclusion_until: NullableTimestamp;
  exclusion_indefinite: Generated<boolean>;
  first_login: Generated<boolean>;
  last_login_at: NullableTimestamp;
  failed_login_count: Generated<number>;
  failed_login_window_start: NullableTimestamp;
  login_locked_until: NullableTimestamp;
  updated_at: Timestamp;
  /** Migration 0013: this TIMEOUT is a cooling-off (the login error's isCooling). */
  break_is_cooling: Generated<boolean>;
  /** Migration 0013: who asked for the running break (PLAYER). */
  break_initiator: string | null;
  /** Migration 0013: the status the running break interrupted, restored when it ends. */
  status_before_break: PlayerStatus | null;
}

/** Migration 0003 (server/services/sessions.ts). */
export interface SessionsTable {
  /** The id token's player_access_id. */
  id: string;
  player_id: number;
  /** SHA-256 (hex) of the session cookie's value. */
  cookie_hash: string;
  login_method: string;
  created_at: Date;
  last_seen_at: Date;
  revoked_at: NullableTimestamp;
  /** The player's previous login (lastAuth); null on the first. */
  last_auth_at: NullableTimestamp;
  /** Migration 0013: when the reality-check timer was last reset; null: it counts from the login (created_at). */
  activity_timer_started_at: NullableTimestamp;
}

/** Migration 0004 (server/services/codes.ts). */
export type VerificationPurpose = 'registration_sms' | 'registration_email' | 'reset_sms' | 'phone_change';
export interface VerificationCodesTable {
  id: string;
  purpose: VerificationPurpose;
  /** What the send and attempt limits count on: `player:<id>`, `email:<address>`. */
  target: string;
  player_id: number | null;
  destination: string | null;
  phone_prefix: string | null;
  phone_body: string | null;
  code_hash: string;
  sends: Generated<number>;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Date;
  consumed_at: NullableTimestamp;
}

/** Migration 0004: the simulated SMS / e-mail provider's outbox (server/services/messages.ts). */
export interface SentMessagesTable {
  id: Generated<number>;
  channel: 'SMS' | 'EMAIL';
  destination: string;
  body: string;
  code: string | null;
  created_at: Timestamp;
}

/** Migration 0004: a registration until its completion (server/routes/registration.ts). */
export interface RegistrationsTable {
  player_id: number;
  token_hash: string;
  verification: 'SMS' | 'EMAIL' | 'NONE';
  sms_verified_at: NullableTimestamp;
  email_verified_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  created_at: Timestamp;
}

/** Migration 0004 (server/routes/password-reset.ts). */
export interface PasswordResetsTable {
  reset_key_hash: string;
  player_id: number;
  created_at: Timestamp;
  expires_at: Date;
  used_at: NullableTimestamp;
}

/** numeric(18, 2): read as a decimal string (both drivers), written as a string or a number. */
export type Numeric = ColumnType<string, string | number, string | number>;

/** Migration 0004 (server/routes/pay-and-play.ts, server/providers/simulated-bankid.ts). */
export interface PayAndPlaySessionsTable {
  id: string;
  amount: Numeric;
  currency: string;
  country: string;
  return_url: string;
  created_at: Timestamp;
  expires_at: Date;
  personid: string | null;
  identified_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  one_time_code_hash: string | null;
  code_expires_at: NullableTimestamp;
  code_used_at: NullableTimestamp;
  player_id: number | null;
  verified_at: NullableTimestamp;
  logged_in_at: NullableTimestamp;
  refresh_token_hash: string | null;
  access_token_hash: string | null;
  /** Migration 0007: the route's language, a new player's language (null: the country's). */
  language: string | null;
  /** Migration 0015: the deposit limit a new player brings (D | W | M), with limit_cents; null: none. */
  limit_duration: string | null;
  /** Migration 0015: that limit in hundredths of the currency; null: none. */
  limit_cents: number | null;
}

/** Migration 0004: the double-entry ledger (server/services/ledger.ts). */
export interface LedgerTransactionsTable {
  id: Generated<number>;
  idempotency_key: string;
  kind: string;
  player_id: number | null;
  amount: Numeric;
  currency: string;
  reference: string | null;
  created_at: Timestamp;
  /** Migration 0008: the wallet whose accounts the posting moves (null: no player's, or older). */
  wallet_id: ColumnType<string | null, string | null | undefined, never>;
  /** Migration 0008: the history row the posting belongs to. */
  wallet_transaction_id: ColumnType<number | null, number | null | undefined, never>;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  transaction_id: number;
  /** `player:<id>:MAIN`, `cashier:clearing`, ... */
  account: string;
  /** Signed: the entries of one transaction sum to zero. */
  amount: Numeric;
  currency: string;
  created_at: Timestamp;
  /** Player accounts only (migration 0009): the entry's position in its account, set by the database (a given value is replaced). */
  account_seq: ColumnType<string | null, string | number | null | undefined, never>;
  /** Player accounts only: the sum of the account's entries up to this one, set by the database (a given value is replaced). */
  balance_after: ColumnType<string | null, string | number | null | undefined, never>;
}

/** Migration 0005: one counted event of a limit (server/services/throttle.ts). */
export interface ThrottleEventsTable {
  id: Generated<string>;
  bucket: string;
  key: string;
  at: Timestamp;
}

/** Migration 0005: an unlock link e-mailed to a player (server/services/login.ts). */
export interface LoginUnlocksTable {
  key_hash: string;
  player_id: number;
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/** Migration 0008: one per player, opened with the player (server/services/ledger.ts). */
export interface WalletsTable {
  id: Generated<string>;
  player_id: number;
  currency: string;
  /** bigint: `pg` reads it as a string, PGlite as a number; incremented by every posting. */
  version: ColumnType<string | number, never, string | number>;
  created_at: Timestamp;
}

/** Migration 0008: the player's transaction history (product.md §3 "Transactions"). */
export interface WalletTransactionsTable {
  id: Generated<number>;
  reference_id: string;
  player_id: number;
  wallet_id: string;
  currency: string;
  category: string;
  type: string;
  status: string;
  /** Signed, as the player sees it. */
  amount: Numeric;
  /** MAIN after the transaction took effect. */
  balance_after: Numeric;
  method_id: string | null;
  external_id: string | null;
  related_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Migration 0014: a game bet's round, `<provider>:<roundId>`; null for other rows. */
  game_round: string | null;
}

/** Migration 0008: the stored answer of an idempotent call. */
export interface IdempotencyRecordsTable {
  scope: string;
  key: string;
  player_id: number | null;
  fingerprint: string;
  response: JsonColumn;
  created_at: Timestamp;
}

/** Migration 0008: a cashier deposit from the request to the provider's answer. */
export interface CashierDepositsTable {
  id: string;
  player_id: number;
  wallet_transaction_id: number;
  amount: Numeric;
  currency: string;
  method_id: string;
  return_path: string;
  redirect_url: string | null;
  status: ColumnType<string, string | undefined, string>;
  result: string | null;
  created_at: Timestamp;
  settled_at: NullableTimestamp;
}

/** Migration 0008: the simulated payment provider's own records (server/providers/simulated.ts). */
export interface SimulatedPaymentsTable {
  reference: string;
  amount: Numeric;
  currency: string;
  method_id: string;
  state: ColumnType<'OPEN' | 'APPROVED' | 'DECLINED' | 'TIMED_OUT', 'OPEN' | undefined, 'APPROVED' | 'DECLINED' | 'TIMED_OUT'>;
  created_at: Timestamp;
  answered_at: NullableTimestamp;
}

/**
 * Migration 0027: a refund the platform owes at the payment provider (pay and play's payment the
 * limits refused), until the provider takes it (server/services/payment-refunds.ts).
 */
export interface PaymentRefundsTable {
  reference: string;
  amount: Numeric;
  currency: string;
  created_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  refunded_at: NullableTimestamp;
  last_failed_at: NullableTimestamp;
}

/** Migration 0010: a player's favourite game (behaviour.md §7 "Favorites"). */
export interface PlayerFavoritesTable {
  id: Generated<string>;
  player_id: number;
  /** CASINO | LIVE_CASINO (machines/lib/games.ts LOBBY_PAGE_TYPES). */
  lobby_page_type: string;
  game_id: string;
  added_at: Timestamp;
}

/** Migration 0010: a game the player played, newest per player and category kept (behaviour.md §7 "Recent games"). */
export interface PlayerRecentGamesTable {
  id: Generated<string>;
  player_id: number;
  /** CASINO | LIVE_CASINO. */
  category: string;
  game_id: string;
  played_at: Timestamp;
}

/** Migration 0013: the reality-check interval a player chose (no row: never chose, the default applies). */
export interface PlayerActivitySettingsTable {
  player_id: number;
  /** 30, 60 or 120; null: off. */
  interval_minutes: number | null;
  updated_at: Timestamp;
}

/** Migration 0013: a time-out, cooling-off or self-exclusion asked for (the record GLI-19 asks for). */
export interface PlayerBreaksTable {
  id: Generated<string>;
  player_id: number;
  kind: 'TIMEOUT' | 'COOLING_OFF' | 'SELF_EXCLUSION';
  initiator: string;
  length_months: number | null;
  length_days: number | null;
  indefinite: Generated<boolean>;
  requested_at: Date;
  ends_at: Date | null;
}

/** Migration 0012: a player's deposit or spend limit of one period (issue 13; server/repositories/limits.ts). */
export interface PlayerLimitsTable {
  player_id: number;
  /** deposit | spend (machines/lib/responsibleGambling.ts LIMIT_KINDS). */
  kind: string;
  /** D | W | M (LIMIT_DURATIONS). */
  duration: string;
  /** The limit in force in hundredths of the account currency; null: none. */
  value_cents: number | null;
  /** When the limit was set while none was in force: its periods run from here. */
  started_at: Date | null;
  updated_at: Date | null;
  pending_value_cents: number | null;
  pending_delete: ColumnType<boolean, boolean | undefined, boolean>;
  pending_date: Date | null;
}

/** Migration 0019: a player's EDD questionnaire, asked, answered or accepted (server/repositories/edd.ts). */
export interface PlayerEddQuestionnairesTable {
  player_id: number;
  /** requested | submitted | approved. */
  status: string;
  occupation: Generated<string>;
  other_occupation: Generated<string>;
  salary_range_id: Generated<number>;
  source_of_funds: Generated<string>;
  other_source_of_funds: Generated<string>;
  place_of_birth: Generated<string>;
  nationality: Generated<string>;
  requested_at: Date;
  submitted_at: Date | null;
  reviewed_at: Date | null;
  updated_at: Date;
}

/** Migration 0016: one choice of a player's marketing preferences (server/repositories/marketing-preferences.ts). */
export interface PlayerMarketingPreferencesTable {
  player_id: number;
  /** BONUS_OFFER | NEWSLETTER | CASINO | RESPONSIBLE_GAMING (machines/lib/marketingPreferences.ts). */
  communication: string;
  /** EMAIL | SMS | MAIL | PHONE | PUSH_NOTIFICATION. */
  channel: string;
  allowed: boolean;
  updated_at: Date;
}

/** Migration 0022: one entry of the account's activity log (server/repositories/account-activity.ts). */
export interface PlayerActivityTable {
  id: Generated<string>;
  player_id: number;
  at: Date;
  /** machines/lib/account.ts ACCOUNT_ACTIVITY_KINDS. */
  kind: string;
  note: string | null;
}

/** Migration 0023: the player's postal address, at most one row (server/repositories/address.ts). */
export interface PlayerAddressesTable {
  player_id: number;
  street_address: string;
  /** Normalised (machines/lib/address.ts normalizePostalCode). */
  postal_code: string;
  city: string;
  updated_at: Date;
}

/** Migration 0024: the player's latest cookie consent, at most one row (server/repositories/cookie-consent.ts). */
export interface PlayerCookieConsentsTable {
  player_id: number;
  /** Always true: essentials cannot be refused. */
  essentials: boolean;
  performance_functional: boolean;
  marketing: boolean;
  /** The cookie-policy version answered (machines/lib/constants.ts COOKIE_POLICY_VERSION). */
  policy_version: number;
  answered_at: Date;
}

/** Migration 0018: one login the platform let through (server/repositories/login-history.ts). */
export interface PlayerLoginsTable {
  id: Generated<string>;
  player_id: number;
  logged_in_at: Date;
  ip_address: string | null;
  /** ISO 3166-1 alpha-2, when the platform knows the visitor's country. */
  country_code: string | null;
  /** How the session began (server/services/sessions.ts LOGIN_METHODS). */
  login_method: string;
}

/** Migration 0014: a key a game provider signs its wallet calls with (server/services/provider-keys.ts). */
export interface GameProviderKeysTable {
  key_id: string;
  provider: string;
  secret: string;
  created_at: Date;
  retired_at: NullableTimestamp;
}

/** Migration 0014: a real-money launch's game session token (hashed), tied to the login session. */
export interface GameSessionsTable {
  token_hash: string;
  session_id: string;
  player_id: number;
  provider: string;
  game_id: string;
  created_at: Date;
}

/** Migration 0014: a provider's round of one player (server/repositories/game-rounds.ts). */
export interface GameRoundsTable {
  provider: string;
  round_id: string;
  player_id: number;
  game_id: string;
  vertical: string;
  currency: string;
  /** OPEN, SETTLED or ROLLED_BACK. */
  status: string;
  /** The round's bets not voided, and its wins, decimal. */
  staked: Numeric;
  won: Numeric;
  created_at: Date;
  updated_at: Date;
  /** Migration 0026 (issue 24): the part of `staked` drawn from the BONUS account, and whose bonus it was. */
  bonus_staked: ColumnType<string, string | undefined, string>;
  bonus_assignment_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Migration 0026 (issue 24): a bet placed with an active bonus (server/repositories/bonus-wagering.ts). */
export interface BonusBetPartsTable {
  provider: string;
  transaction_id: string;
  round_id: string;
  player_id: number;
  assignment_id: number;
  /** The stake's part drawn from the BONUS account, decimal. */
  bonus: ColumnType<string, string, string>;
  /** What the bet added to the assignment's wagering, decimal. */
  wagered: ColumnType<string, string, string>;
  created_at: Date;
}

/** Migration 0026 (issue 24): a free-spin round played. */
export interface BonusFreeSpinRoundsTable {
  provider: string;
  round_id: string;
  assignment_id: number;
  player_id: number;
  game_id: string;
  won: ColumnType<string, string, string>;
  played_at: Date;
}

/** Migration 0020 (issue 23): the account's second factor (server/repositories/second-factor.ts). */
export interface SecondFactorTotpTable {
  player_id: number;
  secret: string;
  confirmed_at: NullableTimestamp;
  /** int8: read back as a string or a bigint depending on the driver (Number() it). */
  last_step: ColumnType<string | number | bigint | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}
export interface SecondFactorPasskeysTable {
  id: string;
  player_id: number;
  public_key: string;
  counter: ColumnType<string | number | bigint, number, number>;
  transports: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
}
export interface SecondFactorRecoveryCodesTable {
  player_id: number;
  code_hash: string;
  used_at: NullableTimestamp;
}
export interface SecondFactorChallengesTable {
  token_hash: string;
  player_id: number;
  purpose: string;
  subject: string | null;
  webauthn_challenge: string | null;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}
export interface SecondFactorDevicesTable {
  token_hash: string;
  player_id: number;
  created_at: Timestamp;
}
export interface SecondFactorMethodsTable {
  player_id: number;
  method_id: string;
  approved_at: Timestamp;
}

/**
 * Issue 23 (migration 0021): every question the platform asked a national self-exclusion register,
 * and its answer, for the operator: who, which register, when, on which occasion, listed or not.
 */
export interface RegisterChecksTable {
  id: Generated<number>;
  checked_at: Date;
  /** SIGNUP, PAY_AND_PLAY (the bank identification) or LOGIN. */
  occasion: string;
  /** SPELPAUS, OASIS or GAMSTOP (machines/lib/selfExclusionRegisters.ts). */
  register: string;
  /** LISTED, NOT_LISTED or UNAVAILABLE (the register could not be asked; the platform refused). */
  outcome: string;
  /** The register's reference of the question; null when it could not be asked. */
  provider_reference: string | null;
  /** The player, when there is one yet (a sign-up and a new pay-and-play person have none). */
  player_id: number | null;
  email: string | null;
  personid: string | null;
  country_code: string;
}

/** Migration 0017: a document a player sent (server/repositories/documents.ts; machines/lib/kyc.ts). */
export interface PlayerDocumentsTable {
  id: string;
  player_id: number;
  document_type: string;
  sub_type: string | null;
  status: string;
  rejection_reason: string | null;
  /** The storage's random name of the file (server/services/document-storage.ts); never the player's. */
  storage_key: string | null;
  content_type: string | null;
  byte_size: number | null;
  /** The player's own file name, shown back only. */
  file_name: string | null;
  /** upload | provider (the identity-verification provider filed it). */
  source: Generated<string>;
  uploaded_at: Date | null;
  reviewed_at: Date | null;
  updated_at: Date;
}

/** Migration 0017: an operator's open request for a document type (sub_type '' when it names none). */
export interface PlayerDocumentRequestsTable {
  player_id: number;
  document_type: string;
  sub_type: Generated<string>;
  requested_at: Date;
}

/** Migration 0017: a session of the simulated identity-verification provider. */
export interface IdentityVerificationsTable {
  id: string;
  player_id: number;
  /** ID | POA. */
  category: string;
  /** STARTED | APPROVED | REJECTED. */
  state: string;
  created_at: Date;
  finished_at: Date | null;
}

// Migration 0025 (issue 24): the bonus engine (server/repositories/bonuses.ts, server/services/bonuses.ts).
export interface BonusCampaignsTable {
  id: string;
  vertical: string;
  status: string;
  category: string;
  trigger_event: string | null;
  bonus_type: string;
  bet_bonus_type: ColumnType<number, number | undefined, number>;
  wr_multiplier: Numeric;
  bonus_amounts: ColumnType<JsonValue | null, string | null | undefined, string | null>;
  bonus_percentage: ColumnType<string | null, string | null | undefined, string | null>;
  max_bonus_amounts: ColumnType<JsonValue | null, string | null | undefined, string | null>;
  bonus_code: string | null;
  partner_bonus_code: string | null;
  cashback_info: ColumnType<JsonValue | null, string | null | undefined, string | null>;
  booster_games: ColumnType<JsonValue, string | undefined, string>;
  booster_multiplier: ColumnType<string | null, string | null | undefined, string | null>;
  game_limitations: ColumnType<JsonValue, string | undefined, string>;
  free_spin_games: ColumnType<JsonValue | null, string | null | undefined, string | null>;
  expiry_days: number;
  timeframe_hours: number | null;
  linked_campaign_id: string | null;
  requires_agreement: ColumnType<boolean, boolean | undefined, boolean>;
  progress_steps: ColumnType<number, number | undefined, number>;
  display_info: JsonColumn;
  default_language: ColumnType<string, string | undefined, string>;
  markets: ColumnType<JsonValue, string | undefined, string>;
  starts_at: Date | null;
  ends_at: Date | null;
  created_at: ColumnType<Date, Date | undefined, Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export interface BonusAssignmentsTable {
  id: Generated<number>;
  player_id: number;
  campaign_id: string;
  vertical: string;
  wallet_vertical: string;
  /** ACTIVATED | FORFEITED | COMPLETED (converted). */
  state: string;
  end_reason: string | null;
  currency: string;
  amount: Numeric;
  wagering_amount: Numeric;
  wagered: ColumnType<string, string | undefined, string>;
  credit_key: string;
  started_at: Date;
  ended_at: Date | null;
  expires_at: Date;
}
export interface BonusQueuedTable {
  id: Generated<number>;
  player_id: number;
  campaign_id: string;
  wallet_vertical: string;
  currency: string;
  amount: Numeric;
  credit_key: string;
  is_credited: ColumnType<boolean, boolean | undefined, boolean>;
  assignment_id: number | null;
  created_at: Date;
  credited_at: Date | null;
}
export interface BonusAgreementsTable {
  player_id: number;
  campaign_id: string;
  agreed: boolean;
  bonus_code: string;
  answered_at: Date;
}
export interface BonusActivationsTable {
  player_id: number;
  campaign_id: string;
  /** CASHBACK | OPT_IN. */
  kind: string;
  active: boolean;
  activated_at: Date;
  updated_at: Date;
}
export interface BonusCashbackRunsTable {
  player_id: number;
  campaign_id: string;
  period_start: Date;
  period_end: Date;
  loss: Numeric;
  amount: Numeric;
  settled_at: Date;
}
export interface BonusFreeSpinsTable {
  assignment_id: number;
  game_id: string;
  rounds: number;
  rounds_played: ColumnType<number, number | undefined, number>;
}
export interface BonusDepositSelectionsTable {
  deposit_id: string;
  player_id: number;
  campaign_id: string;
  created_at: Date;
}
export interface BonusPlayerSettingsTable {
  player_id: number;
  manual_claim_allowed: boolean;
  updated_at: Date;
}

export interface Database {
  platform_settings: PlatformSettingsTable;
  content_documents: ContentDocumentsTable;
  players: PlayersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  sent_messages: SentMessagesTable;
  registrations: RegistrationsTable;
  password_resets: PasswordResetsTable;
  paynplay_sessions: PayAndPlaySessionsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  throttle_events: ThrottleEventsTable;
  login_unlocks: LoginUnlocksTable;
  wallets: WalletsTable;
  wallet_transactions: WalletTransactionsTable;
  idempotency_records: IdempotencyRecordsTable;
  cashier_deposits: CashierDepositsTable;
  simulated_payments: SimulatedPaymentsTable;
  payment_refunds: PaymentRefundsTable;
  player_favorites: PlayerFavoritesTable;
  player_recent_games: PlayerRecentGamesTable;
  player_activity_settings: PlayerActivitySettingsTable;
  player_breaks: PlayerBreaksTable;
  player_limits: PlayerLimitsTable;
  player_marketing_preferences: PlayerMarketingPreferencesTable;
  player_documents: PlayerDocumentsTable;
  player_document_requests: PlayerDocumentRequestsTable;
  identity_verifications: IdentityVerificationsTable;
  register_checks: RegisterChecksTable;
  player_logins: PlayerLoginsTable;
  player_activity: PlayerActivityTable;
  player_cookie_consents: PlayerCookieConsentsTable;
  player_addresses: PlayerAddressesTable;
  player_edd_questionnaires: PlayerEddQuestionnairesTable;
  game_provider_keys: GameProviderKeysTable;
  game_sessions: GameSessionsTable;
  game_rounds: GameRoundsTable;
  bonus_bet_parts: BonusBetPartsTable;
  bonus_free_spin_rounds: BonusFreeSpinRoundsTable;
  second_factor_totp: SecondFactorTotpTable;
  second_factor_passkeys: SecondFactorPasskeysTable;
  second_factor_recovery_codes: SecondFactorRecoveryCodesTable;
  second_factor_challenges: SecondFactorChallengesTable;
  second_factor_devices: SecondFactorDevicesTable;
  second_factor_methods: SecondFactorMethodsTable;
  bonus_campaigns: BonusCampaignsTable;
  bonus_assignments: BonusAssignmentsTable;
  bonus_queued: BonusQueuedTable;
  bonus_agreements: BonusAgreementsTable;
  bonus_activations: BonusActivationsTable;
  bonus_cashback_runs: BonusCashbackRunsTable;
  bonus_free_spins: BonusFreeSpinsTable;
  bonus_deposit_selections: BonusDepositSelectionsTable;
  bonus_player_settings: BonusPlayerSettingsTable;
}

export type PlayerRow = Selectable<PlayersTable>;
export type NewPlayerRow = Insertable<PlayersTable>;
export type SessionRow = Selectable<SessionsTable>;

export type ContentDocumentRow = Selectable<ContentDocumentsTable>;
export type NewContentDocument = Insertable<ContentDocumentsTable>;
