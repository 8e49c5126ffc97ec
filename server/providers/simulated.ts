import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { SIMULATED_MESSAGE_SENDER } from '../services/messages';
import type { ProviderKeyring } from '../services/provider-keys';
import { sameText } from '../crypto/secrets';
import { bankidRoutes } from './simulated-bankid';
import { captchaRoutes } from './simulated-captcha';
import { demoGameProvider } from './demo-games';
import type { PlatformWalletRoutes } from './demo-games/wallet';
import { simulatedPaymentProvider } from './simulated-payments';
import { simulatedSelfExclusionRegisters } from './simulated-registers';
import type { BankIdentificationProvider, CaptchaProvider, PaymentProvider, PlatformProviders } from './types';

// The simulation of every third party (PLATFORM_MODE=simulation, the default of npm start and the
// tests): each flow runs end to end on one machine, and nothing real is identified, sent or paid.

export interface SimulatedProvidersOptions {
  db: Kysely<Database>;
  clock: () => Date;
  /** What the simulated captcha's challenge answers (CAPTCHA_SECRET). */
  captchaSecret: string;
  /** GAME_WALLET_SECRET: the demo game provider's own secret and configured wallet key. */
  gameWalletSecret?: string | undefined;
  /** The platform's keyring of the providers' wallet keys: the demo provider signs with its key there. */
  keyring?: ProviderKeyring | undefined;
  /** GAME_PROVIDER_ORIGIN: the demo game provider's own origin (http://games.localhost:<port> when absent). */
  gameProviderOrigin?: string | undefined;
  /** The platform's seamless-wallet routes, which the demo game provider calls in-process (a provider imports no route). */
  walletRoutes: PlatformWalletRoutes;
}

/** The simulated bank page is served by the platform itself (server/providers/simulated-bankid.ts). */
export const SIMULATED_BANK_PATH = '/api/bankid';

export function simulatedProviders({ db, clock, captchaSecret, gameWalletSecret, keyring, gameProviderOrigin, walletRoutes }: SimulatedProvidersOptions): PlatformProviders {
  const bankIdentification: BankIdentificationProvider = {
    name: 'simulated bank identification (believes any personal id typed in)',
    simulated: true,
    routes: { path: SIMULATED_BANK_PATH, app: bankidRoutes({ db, clock }) },
    authorizeUrl: (sessionId) => `${SIMULATED_BANK_PATH}/authorize?session=${encodeURIComponent(sessionId)}`,
  };
  const captcha: CaptchaProvider = {
    name: 'simulated captcha (POST /api/captcha/solve hands out the answer)',
    simulated: true,
    routes: { path: '/api/captcha', app: captchaRoutes({ secret: captchaSecret }) },
    verify: (token) => Promise.resolve(token !== '' && sameText(token, captchaSecret)),
  };
  const payments: PaymentProvider = simulatedPaymentProvider({ db, clock });
  // Issue 23: Spelpaus, OASIS and GAMSTOP answer by a rule (server/providers/simulated-registers.ts).
  const selfExclusionRegisters = simulatedSelfExclusionRegisters();
  // The demo games (server/providers/demo-games): every launch call answers with one of their URLs.
  const games = demoGameProvider({ db, clock, gameWalletSecret, keyring, origin: gameProviderOrigin, walletRoutes });
  return { bankIdentification, captcha, messages: SIMULATED_MESSAGE_SENDER, payments, games, selfExclusionRegisters };
}
