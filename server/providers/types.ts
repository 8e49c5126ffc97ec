import type { Hono } from 'hono';
import type { GameChannel } from '../../machines/lib/games';
import type { Game } from '../../src/api/games';
import type { SiteEnv } from '../http/site-context';
import type { OutgoingMessage } from '../domain/messages';
import type { SelfExclusionRegister } from '../../machines/lib/selfExclusionRegisters';

// One interface per third party the platform talks to (ARCHITECTURE.md "The reference platform":
// "third parties behind one adapter interface each"; CONVENTIONS.md "Server": "A third party is an
// interface with a simulated implementation; the simulation is chosen by the platform mode, never
// by default in production"). server/providers/simulated.ts holds the simulation of each; a real
// adapter implements the same interface and is registered in server/providers/index.ts.

/** PLATFORM_MODE: `simulation` (npm start, tests: every third party simulated) or `production`. */
export type PlatformMode = 'simulation' | 'production';
export const PLATFORM_MODES: readonly PlatformMode[] = ['simulation', 'production'];

interface Provider {
  /** For the start-up log ("simulated bank identification", "acme-bankid"). */
  readonly name: string;
  /** A simulation: refused in production mode. */
  readonly simulated: boolean;
  /** Pages or endpoints the provider itself serves under /api (the simulated bank page, the captcha solver). */
  readonly routes?: { readonly path: string; readonly app: Hono<SiteEnv> } | undefined;
}

/** Bank identification of pay and play (behaviour.md §7 "Pay and play"). */
export interface BankIdentificationProvider extends Provider {
  /** Where the player identifies for this pay-and-play session (the provider's page). */
  authorizeUrl(sessionId: string): string;
}

/** The captcha of registration (behaviour.md §7 header hcaptchaToken, §8 error.captcha.validation). */
export interface CaptchaProvider extends Provider {
  /** Does the token the browser got from the challenge prove a solved captcha? */
  verify(token: string): Promise<boolean>;
}

/** The SMS / e-mail sender of one-time codes (sign-up, reset, phone change). */
export interface MessageSender extends Provider {
  /** Hands the message to the provider. Must not log or keep the code in clear unless simulated. */
  send(message: OutgoingMessage): Promise<void>;
}

/** Where a cashier deposit's payment stands at the provider. */
export type PaymentState = 'approved' | 'declined' | 'pending';

/** The payment provider (PSP) that takes a deposit. */
export interface PaymentProvider extends Provider {
  /**
   * Confirms that the money of a deposit has arrived (pay and play: the bank's payment), before
   * the ledger credits it. Resolves with the provider's reference.
   */
  confirmDeposit(deposit: { reference: string; amount: string; currency: string }): Promise<{ providerReference: string }>;
  /**
   * Returns a payment the platform refused to credit (pay and play: the bank paid a deposit the
   * player's limits do not allow, issue 20) to the account it came from, once per reference.
   */
  refundDeposit(deposit: { reference: string; amount: string; currency: string }): Promise<void>;
  /**
   * Opens the payment of a cashier deposit (issue 11), once per reference (the deposit's id):
   * resolves with the provider's page, where the player pays. The provider then tells the platform
   * (server/services/cashier.ts settleDeposit), or is asked when its answer is overdue.
   */
  startPayment(payment: { reference: string; amount: string; currency: string; methodId: string }): Promise<{ redirectUrl: string }>;
  /** Where the payment stands (asked when a deposit's outcome is overdue, GLI-19); an unknown one is declined. */
  paymentStatus(reference: string): Promise<PaymentState>;
}

/** What the platform tells the game provider when it opens a game (server/services/game-launch.ts). */
export interface GameLaunchGrant {
  /** behaviour.md §5: demo (fun money) when logged out, real money otherwise. */
  mode: 'demo' | 'real';
  /** The player whose wallet the rounds use (real money); null in demo. */
  playerId: number | null;
  game: Game;
  /** The launch currency: the player's account currency (real), the visitor's choice (demo). */
  currency: string;
  /** The market whose rules apply (the player's country's: GG is UKGC's). */
  market: string;
  jurisdiction: string;
  language: string;
  channel: GameChannel;
  /** The site's origin: the only frame ancestor and the only target of the game's messages. */
  siteOrigin: string;
  /**
   * Real money: the game session token the provider sends with every balance and bet
   * (server/contract/provider-wallet.ts "Sessions"); it ends with the player's login. Null in demo.
   */
  sessionToken: string | null;
}

/** The game provider behind every launch call (behaviour.md §7 "Games"; issue 12). */
export interface GameProvider extends Provider {
  /** The origin the games are served from, for a launch requested at `requestUrl` (the site's URL). */
  originFor(requestUrl: string): string;
  /** The site's CSP `frame-src` source for the games (server/http/security.ts). */
  readonly frameSource: string;
  /** The provider's name in the seamless wallet: the provider of its keys (server/services/provider-keys.ts). */
  readonly walletProvider: string;
  /** The URL that opens this launch in the site's frame (the provider signs it). */
  launchUrl(grant: GameLaunchGrant, requestUrl: string): Promise<string>;
  /**
   * The provider's own host (its game pages and their endpoints), answered by the platform itself
   * for a simulated provider: server/app.ts hands every request whose URL `matches` to `app`,
   * before anything of the site.
   */
  readonly host?: { readonly matches: (url: string) => boolean; readonly app: Hono } | undefined;
}

/** Issue 23: one question to a national self-exclusion register about one person. */
export interface RegisterQuery {
  register: SelfExclusionRegister;
  /** What the platform knows of the person; each register matches on what it needs (Spelpaus: the personal identity number). */
  person: {
    email: string | null;
    personid: string | null;
    firstName: string | null;
    lastName: string | null;
    countryCode: string;
  };
}

/** The register's answer: listed or not, and the register's own reference of this question. */
export interface RegisterAnswer {
  listed: boolean;
  reference: string;
}

/**
 * The national self-exclusion registers (issue 23: Spelpaus, OASIS, GAMSTOP), asked at sign-up, at
 * pay and play's bank identification and at every login (server/services/self-exclusion-registers.ts).
 */
export interface SelfExclusionRegisterProvider extends Provider {
  /** Rejects when the register cannot be asked (down, timed out): the platform then refuses (fail closed). */
  check(query: RegisterQuery): Promise<RegisterAnswer>;
}

export interface PlatformProviders {
  bankIdentification: BankIdentificationProvider;
  captcha: CaptchaProvider;
  messages: MessageSender;
  payments: PaymentProvider;
  games: GameProvider;
  selfExclusionRegisters: SelfExclusionRegisterProvider;
}

/** What each provider is called in messages, and the variable that names a real one. */
export const PROVIDER_SETTINGS: Readonly<Record<keyof PlatformProviders, { label: string; variable: string }>> = {
  bankIdentification: { label: 'bank identification', variable: 'BANK_ID_PROVIDER' },
  captcha: { label: 'captcha', variable: 'CAPTCHA_PROVIDER' },
  messages: { label: 'SMS / e-mail sender', variable: 'MESSAGE_PROVIDER' },
  payments: { label: 'payment provider', variable: 'PAYMENT_PROVIDER' },
  games: { label: 'game provider', variable: 'GAME_PROVIDER' },
  selfExclusionRegisters: { label: 'self-exclusion register service', variable: 'SELF_EXCLUSION_REGISTER_PROVIDER' },
};
