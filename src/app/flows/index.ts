import type { QueryClient } from '@tanstack/react-query';
import type { FlowLoaded, FlowMachine, FlowName } from '../../../machines/flows';
import type { LangMarket } from '../../../machines/lib/markets';

interface FlowDeps {
  queryClient: QueryClient;
  langMarket: () => LangMarket;
}

/** Each flow's provided machine, in its own chunk: the home page downloads none of them. */
const loaders: { [N in FlowName]: (deps: FlowDeps) => Promise<FlowMachine<N>> } = {
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

/** A flow's provided machine as the session's `flow.loaded` carries it. */
async function loaded(name: FlowName, deps: FlowDeps): Promise<FlowLoaded> {
  const logic = await loaders[name](deps);
  // TypeScript does not pair the name with its own machine here; `loaders` types each pair.
  return { flow: name, logic } as FlowLoaded;
}

/** Loads a flow's machine and hands it to the session; a route's loader awaits it before `flow.start`. */
export type LoadFlow = (name: FlowName) => Promise<void>;

/** What the loader hands a loaded flow to: the session (`flow.loaded`). */
interface FlowReceiver {
  send: (event: { type: 'flow.loaded' } & FlowLoaded) => void;
}

/**
 * The composition root's lazy part (docs/adding-a-flow.md): the session machine is created at
 * start-up with every other child provided; each flow's provided machine is downloaded when the
 * flow's route loads and handed to the session with `flow.loaded`, which keeps it in its context
 * and spawns it on the route's `flow.start`. Nothing is written into the session's logic: the
 * session that runs is the one the tests and Stately read. Each flow is loaded once a page.
 */
export function flowLoader(session: FlowReceiver, deps: FlowDeps): LoadFlow {
  const loading = new Map<FlowName, Promise<void>>();
  return (name) => {
    let load = loading.get(name);
    if (load === undefined) {
      load = loaded(name, deps).then((event) => {
        session.send({ type: 'flow.loaded', ...event });
      });
      // A failed download may be tried again by the next navigation.
      load.catch(() => loading.delete(name));
      loading.set(name, load);
    }
    return load;
  };
}
