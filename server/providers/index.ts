import { PROVIDER_SETTINGS, type PlatformMode, type PlatformProviders } from './types';

export * from './types';
export * from './context';
export { simulatedProviders, SIMULATED_BANK_PATH } from './simulated';
export { SIMULATED_PAYMENT_PATH } from './simulated-payments';

// Choosing the third parties by the platform mode. Simulation plugs in server/providers/simulated.ts.
// Production needs a real adapter for each; none is built in yet, so a production start names what
// is missing and stops (server/main.ts) instead of silently running the simulation.

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The real adapters, by the name an operator sets in BANK_ID_PROVIDER, CAPTCHA_PROVIDER,
 * MESSAGE_PROVIDER, PAYMENT_PROVIDER and GAME_PROVIDER. Empty today: the wallet and operator issues add them.
 */
export const REAL_PROVIDERS: { readonly [K in keyof PlatformProviders]: Readonly<Record<string, (env: Env) => PlatformProviders[K]>> } = {
  bankIdentification: {},
  captcha: {},
  messages: {},
  payments: {},
  games: {},
  // Issue 23: SELF_EXCLUSION_REGISTER_PROVIDER. Production refuses to start without one; there is no
  // built-in answer "not listed" (server/providers/simulated-registers.ts is simulation only).
  selfExclusionRegisters: {},
};

/** Why production mode cannot start with these providers: one line per missing or simulated one. */
export function productionProblems(providers: Partial<PlatformProviders>): string[] {
  const problems: string[] = [];
  for (const kind of Object.keys(PROVIDER_SETTINGS) as (keyof PlatformProviders)[]) {
    const provider = providers[kind];
    const { label, variable } = PROVIDER_SETTINGS[kind];
    if (provider === undefined) problems.push(`no real ${label} is configured (set ${variable}; ${knownNames(kind)})`);
    else if (provider.simulated) problems.push(`the ${label} "${provider.name}" is a simulation`);
  }
  return problems;
}

function knownNames(kind: keyof PlatformProviders): string {
  const names = Object.keys(REAL_PROVIDERS[kind]);
  return names.length > 0 ? `one of: ${names.join(', ')}` : 'no real adapter is built in yet: add one in server/providers/';
}

/** The real adapters the environment names; unknown names are reported, not ignored. */
export function realProvidersFromEnv(env: Env): { providers: Partial<PlatformProviders>; problems: string[] } {
  const providers: Partial<Record<keyof PlatformProviders, unknown>> = {};
  const problems: string[] = [];
  for (const kind of Object.keys(PROVIDER_SETTINGS) as (keyof PlatformProviders)[]) {
    const { label, variable } = PROVIDER_SETTINGS[kind];
    const name = env[variable]?.trim();
    if (!name) continue;
    const create = REAL_PROVIDERS[kind][name];
    if (create) providers[kind] = create(env);
    else problems.push(`${variable}="${name}" is not a known ${label} (${knownNames(kind)})`);
  }
  return { providers: providers as Partial<PlatformProviders>, problems };
}

/** Throws, with every reason, unless the mode and the providers go together. */
export function assertProvidersFit(mode: PlatformMode, providers: Partial<PlatformProviders>): asserts providers is PlatformProviders {
  const problems = mode === 'production' ? productionProblems(providers) : [];
  if (mode === 'simulation') {
    for (const kind of Object.keys(PROVIDER_SETTINGS) as (keyof PlatformProviders)[]) {
      if (providers[kind] === undefined) problems.push(`no ${PROVIDER_SETTINGS[kind].label}`);
    }
  }
  if (problems.length > 0) {
    throw new ProviderConfigError(mode, problems);
  }
}

export class ProviderConfigError extends Error {
  readonly problems: readonly string[];
  constructor(mode: PlatformMode, problems: readonly string[]) {
    super(`PLATFORM_MODE=${mode} cannot start:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ProviderConfigError';
    this.problems = problems;
  }
}
