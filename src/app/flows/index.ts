import type { QueryClient } from '@tanstack/react-query';
import type { AnyActorLogic, AnyStateMachine } from 'xstate';
import type { LangMarket } from '../../../machines/lib/markets';
import type { FlowName } from '../../../machines/session.machine';

interface FlowDeps {
  queryClient: QueryClient;
  langMarket: () => LangMarket;
}

/** Each flow's provided machine, in its own chunk: the home page downloads none of them. */
const loaders: Record<FlowName, (deps: FlowDeps) => Promise<AnyActorLogic>> = {
  signup: async ({ queryClient, langMarket }) => (await import('./signup')).signupFlow(queryClient, langMarket),
  payAndPlay: async () => (await import('./payAndPlay')).payAndPlayFlow(),
  passwordReset: async () => (await import('./passwordReset')).passwordResetFlow(),
  phoneChange: async () => (await import('./phoneChange')).phoneChangeFlow(),
  passwordChange: async () => (await import('./passwordChange')).passwordChangeFlow(),
  deposit: async () => (await import('./deposit')).depositFlow(),
  withdraw: async () => (await import('./withdraw')).withdrawFlow(),
  transactionHistory: async () => (await import('./transactionHistory')).transactionHistoryFlow(),
  gameLaunch: async ({ langMarket }) => (await import('./gameLaunch')).gameLaunchFlow(langMarket),
  gamblingLimits: async ({ queryClient }) => (await import('./gamblingLimits')).gamblingLimitsFlow(queryClient),
  exclusion: async () => (await import('./exclusion')).exclusionFlow(),
};

/** Loads a flow's machine so that the session can spawn it; a route's loader awaits it before `flow.start`. */
export type LoadFlow = (name: FlowName) => Promise<void>;

/**
 * The composition root's lazy part: the session machine is created at start-up with every other
 * child provided, and each flow's provided machine joins its implementations when the flow's
 * route loads (the session spawns a flow by name, reading its implementations at that moment).
 * Until then a flow is the session machine's stand-in, which refuses to run.
 */
export function flowLoader(sessionLogic: AnyStateMachine, deps: FlowDeps): LoadFlow {
  const loading = new Map<FlowName, Promise<void>>();
  const actors = sessionLogic.implementations.actors as Record<string, AnyActorLogic>;
  return (name) => {
    let load = loading.get(name);
    if (load === undefined) {
      load = loaders[name](deps).then((logic) => {
        actors[name] = logic;
      });
      // A failed download may be tried again by the next navigation.
      load.catch(() => loading.delete(name));
      loading.set(name, load);
    }
    return load;
  };
}
