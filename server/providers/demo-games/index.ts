import type { Kysely } from 'kysely';
import { DEMO_GAME_LAUNCH_LIFETIME_S } from '../../config';
import type { Database } from '../../db/schema';
import type { GameProvider } from '../types';
import { DEMO_WALLET_PROVIDER, providerKeyring, type ProviderKeyring } from '../../services/provider-keys';
import { demoProviderKeys } from './keys';
import { launchClaims, signLaunchToken } from './launch-token';
import { demoPlay } from './play';
import { demoProviderRoutes } from './routes';
import { inProcessWallet, type PlatformWalletRoutes } from './wallet';

// The demo game provider (issue 12, "The demo game provider (server)"): the simulated game provider
// of PLATFORM_MODE=simulation, behind every launch call of behaviour.md §7 "Games". It serves three
// small, honest HTML5 games (a 5-reel slot with a published paytable and an RTP computed from its
// strips, a European roulette, a live-table simulation) on ITS OWN ORIGIN: GAME_PROVIDER_ORIGIN, by
// default http://games.localhost:<the site's port> (browsers resolve *.localhost to the loopback,
// so it is a real other origin than the site on 127.0.0.1 or localhost). The platform answers that
// host with the provider's app only (server/providers/index.ts providerHosts); the site's CSP lets
// the site frame it (frame-src), and the provider's pages let only the site frame them.
//
// A launch URL is `${origin}/play/{launchToken}` (launch-token.ts); real-money rounds go through
// the seamless wallet (wallet.ts) as BET and WIN; demo rounds use the provider's fun money.

/** The provider's host name when GAME_PROVIDER_ORIGIN is not set. */
export const DEFAULT_GAME_PROVIDER_HOSTNAME = 'games.localhost';

export interface DemoGameProviderOptions {
  db: Kysely<Database>;
  clock: () => Date;
  /** GAME_WALLET_SECRET: the provider's own secret and its configured wallet key; generated and kept in the database when absent. */
  gameWalletSecret?: string | undefined;
  /** The platform's keyring of the providers' wallet keys (the app's); one of its own over the same database when absent. */
  keyring?: ProviderKeyring | undefined;
  /** GAME_PROVIDER_ORIGIN; when absent, http://games.localhost on the port the site was asked on. */
  origin?: string | undefined;
  logError?: ((message: string, error: unknown) => void) | undefined;
  /** The platform's seamless-wallet routes the provider calls in-process (server/routes/provider-wallet.ts providerWalletRoutes). */
  walletRoutes: PlatformWalletRoutes;
  /**
   * How often the live sweep runs while something waits (play.ts, about once a second when
   * absent); null: never by itself, for tests that settle the rounds through their own requests
   * on a clock of their own (a sweep firing in between takes the bets they are about to settle).
   */
  sweepMs?: number | null | undefined;
}

/** http://games.localhost on the port of the site's request (none for 80). */
export function defaultGameProviderOrigin(requestUrl: string): string {
  const port = URL.canParse(requestUrl) ? new URL(requestUrl).port : '';
  return `http://${DEFAULT_GAME_PROVIDER_HOSTNAME}${port === '' ? '' : `:${port}`}`;
}

export function demoGameProvider(options: DemoGameProviderOptions): GameProvider {
  const { db, clock } = options;
  const configured = options.origin ? new URL(options.origin) : null;
  const keys = demoProviderKeys(db, options.gameWalletSecret);
  const keyring = options.keyring ?? providerKeyring({ db, clock, demoSecret: options.gameWalletSecret });
  const wallet = inProcessWallet({ db, clock, keyring, walletRoutes: options.walletRoutes });
  const play = demoPlay({ db, clock, keys, wallet, sweepMs: options.sweepMs });
  const app = demoProviderRoutes({ clock, keys, play, logError: options.logError });
  const originFor = (requestUrl: string): string => configured?.origin ?? defaultGameProviderOrigin(requestUrl);

  return {
    name: `simulated game provider (Aurora demo games: a slot, a roulette and a live table on ${configured?.origin ?? `http://${DEFAULT_GAME_PROVIDER_HOSTNAME}:<port>`})`,
    simulated: true,
    frameSource: configured?.origin ?? `http://${DEFAULT_GAME_PROVIDER_HOSTNAME}:*`,
    walletProvider: DEMO_WALLET_PROVIDER,
    originFor,
    launchUrl: async (grant, requestUrl) => {
      const token = signLaunchToken(launchClaims(grant, clock().getTime(), DEMO_GAME_LAUNCH_LIFETIME_S), (await keys()).launch);
      return `${originFor(requestUrl)}/play/${token}`;
    },
    host: {
      matches: (url) => {
        if (!URL.canParse(url)) return false;
        const target = new URL(url);
        return configured ? target.host === configured.host : target.hostname === DEFAULT_GAME_PROVIDER_HOSTNAME;
      },
      app,
    },
  };
}
