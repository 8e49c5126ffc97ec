import type { QueryClient } from '@tanstack/react-query';
import type { FlowLoaded, FlowMachine, FlowName } from '../../../machines/flows';
import type { LangMarket } from '../../../machines/lib/markets';
import { nextTask } from '../nextTask';

/** What a flow's provided machine may need from the app. */
export interface FlowDeps {
  queryClient: QueryClient;
  langMarket: () => LangMarket;
}

/**
 * What each flow's module exports as `provideFlow`: its machine with the platform's calls and the
 * browser's effects provided. The module is `src/app/flows/<flow name>.flow.ts`, by convention: no
 * list to extend (tests/unit/flowModules.test.ts checks one module per registry entry).
 */
export type ProvideFlow<N extends FlowName> = (deps: FlowDeps) => FlowMachine<N>;

/** Each flow's module, in its own chunk: the home page downloads none of them. */
const flowModules = import.meta.glob<ProvideFlow<FlowName>>('./*.flow.ts', { import: 'provideFlow' });

/** A flow's provided machine as the session's `flow.loaded` carries it. */
async function loaded(name: FlowName, deps: FlowDeps): Promise<FlowLoaded> {
  const load = flowModules[`./${name}.flow.ts`];
  if (load === undefined) throw new Error(`The flow ${name} has no module src/app/flows/${name}.flow.ts`);
  // A task of its own for each part (issue 22: Total Blocking Time): the flow's chunks start loading
  // after the route's own (a link each, started by Vite's preload), the module is evaluated, and its
  // machine is made (a machine's states are built when it is created) in the next task.
  await nextTask();
  const provideFlow = await load();
  await nextTask();
  // The module's own annotation (ProvideFlow<'name'>) pairs the name with its machine.
  return { flow: name, logic: provideFlow(deps) } as FlowLoaded;
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
