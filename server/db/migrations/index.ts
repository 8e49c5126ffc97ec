import type { Migration } from 'kysely/migration';
import * as platformSettings from './0001_platform_settings';
import * as contentDocuments from './0002_content_documents';
import * as players from './0003_players';
import * as identityFlows from './0004_identity_flows';
import * as ledgerGuards from './0005_ledger_guards';
import * as throttles from './0006_throttles';
import * as payAndPlayLanguage from './0007_pay_and_play_language';
import * as wallet from './0008_wallet';
import * as runningBalances from './0009_running_balances';
import * as playerGames from './0010_player_games';
import * as demoProviderState from './0011_demo_provider_state';
import * as gamblingLimits from './0012_gambling_limits';
import * as activityAndBreaks from './0013_activity_and_breaks';
import * as gameProviderBooks from './0014_game_provider_books';
import * as payAndPlayFirstLimit from './0015_pay_and_play_first_limit';
import * as marketingPreferences from './0016_marketing_preferences';
import * as documents from './0017_documents';
import * as loginHistory from './0018_login_history';
import * as edd from './0019_edd';
import * as secondFactor from './0020_second_factor';
import * as registerChecks from './0021_register_checks';
import * as accountActivity from './0022_account_activity';
import * as playerAddress from './0023_player_address';
import * as cookieConsent from './0024_cookie_consent';
import * as bonuses from './0025_bonuses';
import * as bonusWagering from './0026_bonus_wagering';
import * as paymentRefunds from './0027_payment_refunds';

// Every migration, in order. Kysely runs them by name; a new issue adds a file
// (`0003_players.ts`, `0004_wallet_ledger.ts`, ...) and one line here. Never edit a migration
// that has shipped: databases in `.data/` and on PostgreSQL already ran it.
export const migrations: Record<string, Migration> = {
  '0001_platform_settings': platformSettings,
  '0002_content_documents': contentDocuments,
  '0003_players': players,
  '0004_identity_flows': identityFlows,
  '0005_ledger_guards': ledgerGuards,
  '0006_throttles': throttles,
  '0007_pay_and_play_language': payAndPlayLanguage,
  '0008_wallet': wallet,
  '0009_running_balances': runningBalances,
  '0010_player_games': playerGames,
  '0011_demo_provider_state': demoProviderState,
  '0012_gambling_limits': gamblingLimits,
  '0013_activity_and_breaks': activityAndBreaks,
  '0014_game_provider_books': gameProviderBooks,
  '0015_pay_and_play_first_limit': payAndPlayFirstLimit,
  '0016_marketing_preferences': marketingPreferences,
  '0017_documents': documents,
  '0018_login_history': loginHistory,
  '0019_edd': edd,
  '0020_second_factor': secondFactor,
  '0021_register_checks': registerChecks,
  '0022_account_activity': accountActivity,
  '0023_player_address': playerAddress,
  '0024_cookie_consent': cookieConsent,
  '0025_bonuses': bonuses,
  '0026_bonus_wagering': bonusWagering,
  '0027_payment_refunds': paymentRefunds,
};
