// What /dev/flows shows of a flow, read from its pure machine in the browser (DEV ONLY, excluded
// from the build: see main.tsx). The flows come from the registry (machines/flows.ts); each state's
// description, tags and transitions from the machine's own nodes, as docs/machines/<flow>.md does.
import type { AnyStateMachine } from 'xstate';

export interface TransitionView {
  event: string;
  targets: string[];
  guard: string | null;
  description: string | null;
}

export interface StateView {
  /** Dotted path below the machine ("form", "loading.detail"): the state names of `npm run paths`. */
  key: string;
  name: string;
  type: string;
  description: string | null;
  tags: string[];
  transitions: TransitionView[];
  children: StateView[];
}

export interface FlowView {
  name: string;
  who: string | null;
  description: string | null;
  states: StateView[];
  /** Transitions of the machine's root: taken from any state. */
  anyState: TransitionView[];
  /** The mermaid diagram of docs/machines/<flow>.md, if the page exists. */
  mermaid: string | null;
}

interface NodeShape {
  key: string;
  path: string[];
  type: string;
  description?: string;
  tags: string[];
  states: Record<string, NodeShape>;
  transitions: Map<string, TransitionShape[]>;
  always?: TransitionShape[];
}
interface TransitionShape {
  eventType: string;
  target?: readonly { path: string[] }[];
  guard?: unknown;
  description?: string;
}

/** A readable event name: `after 3000 ms`, `checkDeposit answers`, `checkDeposit fails`. */
export function eventLabel(type: string): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(type);
  if (done) return `${done[1] ?? ''} answers`;
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(type);
  if (failed) return `${failed[1] ?? ''} fails`;
  const after = /^xstate\.after\.([^.]+)\./.exec(type);
  if (after) return `after ${after[1] ?? ''}`;
  return type === '' ? '(always)' : type;
}

function guardName(guard: unknown): string | null {
  if (typeof guard === 'string') return guard;
  if (guard !== null && typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type;
  return guard === undefined ? null : 'guard';
}

function transitionsOf(node: NodeShape): TransitionView[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])].map((transition) => ({
    event: eventLabel(transition.eventType),
    targets: (transition.target ?? []).map((target) => target.path.join('.')),
    guard: guardName(transition.guard),
    description: transition.description ?? null,
  }));
}

function viewOf(node: NodeShape): StateView {
  const transitions = transitionsOf(node);
  return {
    key: node.path.join('.'),
    name: node.key,
    type: node.type,
    description: node.description ?? null,
    tags: [...node.tags],
    transitions,
    children: Object.values(node.states).map(viewOf),
  };
}

export function flowViewOf(name: string, who: string | null, machine: AnyStateMachine, markdown: string | null): FlowView {
  const root = machine.root as unknown as NodeShape;
  const mermaid = markdown === null ? null : (/```mermaid\n([\s\S]*?)```/.exec(markdown)?.[1] ?? null);
  return { name, who, description: root.description ?? null, states: Object.values(root.states).map(viewOf), anyState: transitionsOf(root), mermaid };
}

interface Registry {
  FLOW_NAMES: readonly string[];
  FLOWS: Record<string, { who: string; machine: () => Promise<AnyStateMachine> }>;
}

// Globs, so that the page works before and after the registry exists, and with any machine file.
const registryModule = import.meta.glob<Registry>('/machines/flows.ts');
const machineModules = import.meta.glob<Record<string, unknown>>('/machines/*.machine.ts');
const docPages = import.meta.glob<string>('/docs/machines/*.md', { query: '?raw', import: 'default' });

async function markdownOf(name: string): Promise<string | null> {
  const load = docPages[`/docs/machines/${name}.md`];
  return load ? load() : null;
}

/** Every flow of the registry (else every machine file), in the registry's order. */
export async function loadFlows(): Promise<FlowView[]> {
  const loadRegistry = registryModule['/machines/flows.ts'];
  if (loadRegistry) {
    const registry = await loadRegistry();
    return Promise.all(
      registry.FLOW_NAMES.map(async (name) => {
        const entry = registry.FLOWS[name];
        if (!entry) throw new Error(`machines/flows.ts names ${name} without an entry`);
        return flowViewOf(name, entry.who, await entry.machine(), await markdownOf(name));
      }),
    );
  }
  return Promise.all(
    Object.entries(machineModules).map(async ([file, load]) => {
      const name = /\/machines\/(.+)\.machine\.ts$/.exec(file)?.[1] ?? file;
      const machine = (await load())[`${name}Machine`] as AnyStateMachine;
      return flowViewOf(name, null, machine, await markdownOf(name));
    }),
  );
}

/** Where each flow starts in the app (its route), on the market whose page starts it. */
export const FLOW_ROUTES: Readonly<Record<string, { path: string; note?: string }>> = {
  signup: { path: '/en-UN/signup' },
  payAndPlay: { path: '/en-PP/signup/pnp' },
  passwordReset: { path: '/en-UN/reset-password' },
  phoneChange: { path: '/en-UN/my-account/account', note: 'log in first' },
  passwordChange: { path: '/en-UN/my-account/account', note: 'log in first' },
  deposit: { path: '/en-UN/my-account/banking/deposit', note: 'log in first' },
  withdraw: { path: '/en-UN/my-account/banking/withdraw', note: 'log in first' },
  bonusCode: { path: '/en-UN/my-account/bonus-code', note: 'log in first (a player with the manual-claim permission); WELCOME50 is seeded' },
  transactionHistory: { path: '/en-UN/my-account/banking/transactions', note: 'log in first' },
  gameLaunch: { path: '/en-UN/online-casino', note: 'open any game' },
  gamblingLimits: { path: '/en-UN/my-account/gambling-limits', note: 'log in first' },
  exclusion: { path: '/en-UN/my-account/gambling-limits', note: 'log in first' },
  marketingPreferences: { path: '/en-UN/my-account/account', note: 'log in first' },
  accountClosure: { path: '/en-UN/my-account/account', note: 'log in first' },
  languageSetting: { path: '/en-CA/my-account/account', note: 'log in first' },
  edd: { path: '/en-UN/my-account/account', note: 'log in first; asked only after POST /api/test/edd { email, status: "requested" }' },
  verification: { path: '/en-UN/my-account/account/verification', note: 'log in first' },
  verificationModal: { path: '/en-UN/my-account/account', note: 'log in first; Verify now opens it' },
  secondFactorSetup: { path: '/en-UN/my-account/account', note: 'log in first; the Security section' },
  rewards: { path: '/en-UN/my-account/rewards', note: 'log in first; the active bonuses on /my-account/rewards/active' },
};
