import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { SIMULATED_MESSAGE_SENDER } from '../platform/messages';
import { sameText } from '../platform/secrets';
import { bankidRoutes } from '../routes/bankid';
import { captchaRoutes } from '../routes/captcha';
import { simulatedPaymentProvider } from './simulated-payments';
import type { BankIdentificationProvider, CaptchaProvider, PaymentProvider, PlatformProviders } from './types';

// The simulation of every third party (PLATFORM_MODE=simulation, the default of npm start and the
// tests): each flow runs end to end on one machine, and nothing real is identified, sent or paid.

export interface SimulatedProvidersOptions {
  db: Kysely<Database>;
  clock: () => Date;
  /** What the simulated captcha's challenge answers (CAPTCHA_SECRET). */
  captchaSecret: string;
}

/** The simulated bank page is served by the platform itself (server/routes/bankid.ts). */
export const SIMULATED_BANK_PATH = '/api/bankid';

export function simulatedProviders({ db, clock, captchaSecret }: SimulatedProvidersOptions): PlatformProviders {
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
  return { bankIdentification, captcha, messages: SIMULATED_MESSAGE_SENDER, payments };
}
