// The generated paths of a machine, as QA reads them and the docs count them (issue 22).
//
// API (pure Node, no browser; everything else in this file is internal):
//
//   machinePaths(machine, model?)  -> Promise<MachinePaths>
//       Walks the machine's graph the way the path tests do (tests/machines/lib/pathCoverage.ts):
//       @xstate/graph's getShortestPaths to every distinct snapshot, each extended by every event
//       enabled there (so every transition the events reach is on some path), prefixes dropped;
//       then replays every path on a real actor (invoked actors are calls that never answer, the
//       clock is simulated, the path's own done/error/after events stand for the answers) and
//       records the state reached after each step and the states and transitions really taken.
//   flowPaths(flow)                -> Promise<MachinePaths>   the same for a flow of the registry,
//       with its model from scripts/lib/pathModels.ts (input and sample events).
//   flowNames()                    -> Promise<readonly string[]>   the flows the tool knows.
//   machineNames()                 -> Promise<readonly string[]>   the other machines it walks (any
//       machines/<name>.machine.ts but the registry's flows and the session; flowPaths takes them too).
//   describeEvent(event, machine?) -> string   "send amount.change { value: '50' }",
//       "checkDeposit answers { result: 'SUCCESS', ... }", "checkDeposit fails (network)",
//       "after DEPOSIT_STATUS_POLL_MS (3000 ms)".
//
// MachinePaths: { machineId, description, counts: { states, statesReached, transitions,
// transitionsTaken, paths }, states: [{ id, key, description }], uncoveredStates,
// uncoveredTransitions, problems, paths: [{ steps: [{ event, state, description }] }] }. The first step of
// every path is `xstate.init` with the initial state. `state` is the dotted state value
// ("amountEntered.checking"; parallel regions joined by " + "), `description` that state's
// `description` (the deepest active node that has one).
//
// Events: a model may list sample events per event type (the payloads the tests use); any other
// event a state handles is tried as `{ type }` alone. An event whose guard or actions throw on a
// sample (a guard reading a missing payload) is left out, so a model-less machine still walks.
// The counts are this walk's: the machine tests' own figures come from their richer models.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createActor, fromPromise, SimulatedClock, transition as pureTransition } from 'xstate';
import type { AnyMachineSnapshot, AnyStateMachine, AnyTransitionDefinition, EventObject, InspectionEvent, StateValue } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes, serializeSnapshot } from '@xstate/graph';
import type { StatePath } from '@xstate/graph';
import { transitionKey } from '../../tests/machines/lib/pathCoverage';

/** A sample event, or a function of the current snapshot that gives the samples to try there. */
export type EventSamples = readonly EventObject[] | ((snapshot: AnyMachineSnapshot) => readonly EventObject[]);

export interface PathModel {
  /** The machine's input (what its route and the session give it). */
  input?: unknown;
  /** More inputs to walk from (another player, a return from the provider); counts are merged. */
  moreInputs?: readonly unknown[];
  /**
   * Samples by event type (`amount.change`, `xstate.done.actor.checkDeposit`, ...). An event type
   * without samples is tried as `{ type }`; one with an empty list is never sent.
   */
  events?: Readonly<Record<string, EventSamples>>;
  /**
   * All the events to try in a snapshot, as the machine's test lists them (its `eventsFor`), instead
   * of `events` by type; the machine's own `after` events are added. Those it does not take are dropped.
   */
  eventsAt?: (snapshot: AnyMachineSnapshot) => readonly EventObject[];
  /** Implementations to provide before the walk (a predictable idempotency key, ...). */
  provide?: (machine: AnyStateMachine) => AnyStateMachine;
}

export interface PathStep {
  /** The event sent (`{ type: 'xstate.init' }` for the first step). */
  event: EventObject;
  /** The state reached, dotted ("form", "loading.detail"; parallel regions joined by " + "). */
  state: string;
  /** What the state promises: the deepest active state node's `description`, if any. */
  description: string | null;
}

export interface GeneratedPath {
  steps: PathStep[];
}

export interface StateInfo {
  /** The state node's id (`deposit.form`). */
  id: string;
  /** Its dotted path below the machine (`form`). */
  key: string;
  description: string | null;
}

export interface MachinePaths {
  machineId: string;
  /** The machine's own description (its root node's). */
  description: string | null;
  counts: { states: number; statesReached: number; transitions: number; transitionsTaken: number; paths: number };
  states: StateInfo[];
  uncoveredStates: string[];
  uncoveredTransitions: string[];
  /** What went wrong in the walk (a machine that fails without its input): empty when all went well. */
  problems: string[];
  paths: GeneratedPath[];
}

interface NodeShape {
  id: string;
  key: string;
  path: string[];
  type: string;
  description?: string | undefined;
  parent?: NodeShape | undefined;
  transitions: Map<string, unknown[]>;
  always?: unknown[] | undefined;
  after: { eventType: string }[];
  invoke: { id: string; src: unknown }[];
}

function nodesOf(machine: AnyStateMachine): NodeShape[] {
  const nodes: unknown = getStateNodes(machine.root);
  return nodes as NodeShape[];
}

function allTransitionKeys(machine: AnyStateMachine): string[] {
  const root = machine.root as unknown as NodeShape;
  return [root, ...nodesOf(machine)]
    .flatMap((node) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])])
    .map((transition) => transitionKey(transition as AnyTransitionDefinition));
}

/** "form", "loading.detail", "a.x + b.y" for parallel regions. */
export function stateName(value: StateValue): string {
  if (typeof value === 'string') return value;
  const parts = Object.entries(value).map(([key, inner]) => {
    const below = stateName(inner as StateValue);
    return below === '' ? key : `${key}.${below}`;
  });
  return parts.join(' + ');
}

/** The description of the deepest active node (per region) that has one. */
function descriptionOf(snapshot: AnyMachineSnapshot): string | null {
  const nodes = (snapshot as unknown as { _nodes: NodeShape[] })._nodes;
  const leaves = nodes.filter((node) => node.type === 'atomic' || node.type === 'final');
  const texts = leaves
    .map((leaf) => {
      // Up to the machine's root, whose description is the machine's, not a state's.
      let node: NodeShape = leaf;
      while (node.parent !== undefined) {
        if (node.description) return node.description;
        node = node.parent;
      }
      return null;
    })
    .filter((text): text is string => text !== null);
  return texts.length === 0 ? null : [...new Set(texts)].join(' | ');
}

/**
 * Every invoked actor answers nothing (the path's done/error events stand for the answers), and
 * every side-effect action is a no-op (the stand-ins of the pure machines throw "provide me"), as
 * is every named sendTo/sendParent (no parent in the walk). The other built-in actions (assign,
 * raise, enqueueActions) are kept: they are the machine's logic.
 */
function forWalk(machine: AnyStateMachine): AnyStateMachine {
  const actors = Object.fromEntries(
    Object.keys(machine.implementations.actors).map((name) => [name, fromPromise(() => new Promise<never>(() => undefined))]),
  );
  const actions = Object.fromEntries(
    Object.entries(machine.implementations.actions as Record<string, unknown>)
      // A named sendTo/sendParent is a message to the outside (the session, a socket): a no-op too.
      .filter(([, action]) => typeof action === 'function' && [undefined, 'xstate.sendTo'].includes((action as { type?: string }).type))
      .map(([name]) => [name, () => undefined]),
  );
  return machine.provide({ actors, actions } as never);
}

/** The event types the active nodes (and their ancestors) handle, after-events included. */
function handledTypes(snapshot: AnyMachineSnapshot): string[] {
  const nodes = (snapshot as unknown as { _nodes: NodeShape[] })._nodes;
  const types = new Set<string>();
  for (const node of nodes) {
    for (const type of node.transitions.keys()) if (type !== '*') types.add(type);
    for (const after of node.after) types.add(after.eventType);
  }
  return [...types];
}

/** Whether the machine takes the event without throwing (a guard or assign reading a missing payload). */
function takes(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  try {
    if (!snapshot.can(event)) return false;
    pureTransition(machine, snapshot, event);
    return true;
  } catch {
    return false;
  }
}

function eventsAt(machine: AnyStateMachine, model: PathModel, snapshot: AnyMachineSnapshot): EventObject[] {
  if (snapshot.status !== 'active') return [];
  const events: EventObject[] = [];
  if (model.eventsAt) {
    const afters = handledTypes(snapshot).filter((type) => type.startsWith('xstate.after.'));
    for (const event of [...model.eventsAt(snapshot), ...afters.map((type) => ({ type }))]) if (takes(machine, snapshot, event)) events.push(event);
    return events;
  }
  for (const type of handledTypes(snapshot)) {
    const samples = model.events?.[type];
    const list = samples === undefined ? [{ type }] : typeof samples === 'function' ? samples(snapshot) : samples;
    for (const event of list) if (takes(machine, snapshot, event)) events.push(event);
  }
  return events;
}

/** The transitions the event selects in the snapshot (the `always` ones after it aside). */
function takenBy(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): string {
  try {
    return machine
      .getTransitionData(snapshot as never, event as never)
      .map((transition) => transitionKey(transition as AnyTransitionDefinition))
      .join(',');
  } catch {
    return '';
  }
}

interface Planned {
  events: EventObject[];
}

function plan(machine: AnyStateMachine, model: PathModel): Planned[] {
  const traversal = { events: (snapshot: AnyMachineSnapshot) => eventsAt(machine, model, snapshot), input: model.input };
  type Path = StatePath<AnyMachineSnapshot, EventObject>;
  const shortest = getShortestPaths(machine, traversal) as unknown as Path[];
  const valueOf = (snapshot: AnyMachineSnapshot) => stateName(snapshot.value as StateValue);
  // A tester reads one scenario per state and per transition, not one per context a state is in:
  // the shortest path to each state value, and each (state value, event, state value reached) once.
  const planned: Planned[] = [];
  const seenValues = new Set<string>();
  const shortestTo = new Map<string, { head: Planned; value: string; snapshot: AnyMachineSnapshot }>();
  for (const path of shortest) {
    const last = path.steps.at(-1)?.state;
    if (!last) continue;
    const head = { events: path.steps.slice(1).map((step) => step.event) };
    shortestTo.set(serializeSnapshot(last), { head, value: valueOf(last), snapshot: last });
    if (seenValues.has(valueOf(last))) continue;
    seenValues.add(valueOf(last));
    planned.push(head);
  }
  type Edge = { event: EventObject; state: AnyMachineSnapshot };
  const adjacency = getAdjacencyMap(machine, traversal) as unknown as Record<string, { transitions: Record<string, Edge> }>;
  const seenSteps = new Set<string>();
  for (const [serialized, { transitions }] of Object.entries(adjacency)) {
    const from = shortestTo.get(serialized);
    if (!from) continue;
    for (const { event, state } of Object.values(transitions)) {
      // The transitions the event takes are part of the step: the same event from the same state
      // value may take another transition in another context (a retry with the same key).
      const step = `${from.value}|${JSON.stringify(event)}|${valueOf(state)}|${takenBy(machine, from.snapshot, event)}`;
      if (seenSteps.has(step)) continue;
      seenSteps.add(step);
      planned.push({ events: [...from.head.events, event] });
    }
  }
  const keyOf = (path: Planned) => path.events.map((event) => JSON.stringify(event));
  const unique = new Map<string, Planned>();
  for (const path of planned) unique.set(keyOf(path).join('\n'), path);
  const all = [...unique.values()];
  return all.filter((path) => {
    const key = keyOf(path);
    return !all.some((other) => other !== path && other.events.length > key.length && key.every((part, i) => JSON.stringify(other.events[i]) === part));
  });
}

/** Lets the replayed actor process what it was sent. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function machinePaths(given: AnyStateMachine, model: PathModel = {}): Promise<MachinePaths> {
  const machine = forWalk(given);
  const walked = model.provide ? model.provide(machine) : machine;
  const nodes = nodesOf(machine);
  const transitionKeys = allTransitionKeys(machine);
  const reachedStates = new Set<string>();
  const takenTransitions = new Set<string>();
  const paths: GeneratedPath[] = [];

  const problems: string[] = [];
  const inputs = [model.input, ...(model.moreInputs ?? [])];
  const planned = inputs.flatMap((input) => {
    try {
      return plan(walked, { ...model, input }).map((path) => ({ ...path, input }));
    } catch (error) {
      problems.push(`the walk from input ${formatPayload(input)} failed: ${String(error)}`);
      return [];
    }
  });
  for (const { events, input } of planned) {
    const actor = createActor(walked, {
      clock: new SimulatedClock(),
      input,
      inspect: (inspection: InspectionEvent) => {
        if (inspection.type !== '@xstate.microstep' || inspection.actorRef.sessionId !== inspection.rootId) return;
        for (const taken of inspection._transitions) {
          takenTransitions.add(transitionKey(taken));
          reachedStates.add((taken as unknown as { source: NodeShape }).source.id);
        }
      },
    });
    const steps: PathStep[] = [];
    const record = (event: EventObject) => {
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      for (const node of (snapshot as unknown as { _nodes: NodeShape[] })._nodes) reachedStates.add(node.id);
      steps.push({ event, state: stateName(snapshot.value as StateValue), description: descriptionOf(snapshot) });
    };
    // An error is read from the snapshot; without an observer xstate would rethrow it globally.
    actor.subscribe({ error: () => undefined });
    const failed = () => {
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      if (snapshot.status !== 'error') return false;
      problems.push(`path ${paths.length + 1}, step ${steps.length}: the machine failed: ${String(snapshot.error)} (does scripts/lib/pathModels.ts give it its input?)`);
      return true;
    };
    actor.start();
    await settle();
    if (!failed()) {
      record({ type: 'xstate.init' });
      for (const event of events) {
        actor.send(event);
        await settle();
        if (failed()) break;
        record(event);
      }
    }
    actor.stop();
    if (steps.length > 0) paths.push({ steps });
  }

  const root = machine.root as unknown as NodeShape;
  const stateIds = nodes.map((node) => node.id);
  return {
    machineId: machine.id,
    description: root.description ?? null,
    counts: {
      states: stateIds.length,
      statesReached: stateIds.filter((id) => reachedStates.has(id)).length,
      transitions: transitionKeys.length,
      transitionsTaken: transitionKeys.filter((key) => takenTransitions.has(key)).length,
      paths: paths.length,
    },
    states: nodes.map((node) => ({ id: node.id, key: node.path.join('.'), description: node.description ?? null })),
    uncoveredStates: stateIds.filter((id) => !reachedStates.has(id)),
    uncoveredTransitions: transitionKeys.filter((key) => !takenTransitions.has(key)),
    problems,
    paths,
  };
}

/** `{ value: '50' }` in the style of a test file: single quotes, no quotes on plain keys. */
export function formatPayload(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'string') return `'${value.replace(/'/g, "\\'")}'`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Error) return `${value.name}(${(value as Error & { code?: string }).code ?? value.message})`;
  if (depth > 2) return Array.isArray(value) ? '[…]' : '{…}';
  if (Array.isArray(value)) return `[${value.map((item) => formatPayload(item, depth + 1)).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, inner]) => inner !== undefined);
    if (entries.length === 0) return '{}';
    const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);
    return `{ ${entries.map(([name, inner]) => `${key(name)}: ${formatPayload(inner, depth + 1)}`).join(', ')} }`;
  }
  return typeof value;
}

/** A readable sentence for a path step's event. */
export function describeEvent(event: EventObject, machine?: AnyStateMachine): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  if (done?.[1] !== undefined) {
    const output = (event as { output?: unknown }).output;
    return output === undefined ? `${done[1]} answers` : `${done[1]} answers ${formatPayload(output)}`;
  }
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  if (failed?.[1] !== undefined) {
    const error = (event as { error?: unknown }).error;
    const code = error instanceof Error ? ((error as Error & { code?: string }).code ?? error.message) : error === undefined ? undefined : formatPayload(error);
    return code === undefined ? `${failed[1]} fails` : `${failed[1]} fails (${code})`;
  }
  const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
  if (after?.[1] !== undefined) {
    const name = after[1];
    const delay = Number.isNaN(Number(name)) ? (machine?.implementations.delays as Record<string, unknown> | undefined)?.[name] : Number(name);
    return typeof delay === 'number' && String(delay) !== name ? `after ${name} (${delay} ms)` : `after ${name} ms`;
  }
  if (event.type === 'xstate.init') return 'start';
  const { type, ...payload } = event;
  return Object.keys(payload).length === 0 ? `send ${type}` : `send ${type} ${formatPayload(payload)}`;
}

/** The flows the tool knows: the registry's (machines/flows.ts) when it exists, else the session's FLOW_NAMES. */
export async function flowNames(): Promise<readonly string[]> {
  const registry = await loadRegistry();
  if (registry) return registry.FLOW_NAMES;
  const { FLOW_NAMES } = await import('../../machines/session.machine');
  return FLOW_NAMES;
}

/**
 * The other machines a tester meets (`machines/<name>.machine.ts` outside the registry: login, code
 * entry, the wallet, the timers, ...), sorted. The session is left out: it spawns the flows and the
 * other machines, and its own tests (tests/machines/session.*.test.ts) walk it with them.
 */
export async function machineNames(): Promise<readonly string[]> {
  const flows = new Set(await flowNames());
  const dir = fileURLToPath(new URL('../../machines/', import.meta.url));
  return readdirSync(dir)
    .filter((file) => file.endsWith('.machine.ts'))
    .map((file) => file.slice(0, -'.machine.ts'.length))
    .filter((name) => name !== 'session' && !flows.has(name))
    .sort();
}

interface Registry {
  FLOW_NAMES: readonly string[];
  FLOWS: Record<string, { machine: () => Promise<AnyStateMachine> }>;
}

async function loadRegistry(): Promise<Registry | null> {
  try {
    // The flow registry (issue 22, another change); until it lands, machines are read by file name.
    const path = '../../machines/flows';
    return (await import(/* @vite-ignore */ path)) as Registry;
  } catch {
    return null;
  }
}

/** The pure machine of a flow: the registry's, else `machines/<flow>.machine.ts`'s `<flow>Machine`. */
export async function flowMachine(flow: string): Promise<AnyStateMachine> {
  const registry = await loadRegistry();
  const entry = registry?.FLOWS[flow];
  if (entry) return entry.machine();
  const module = (await import(/* @vite-ignore */ `../../machines/${flow}.machine.ts`)) as Record<string, AnyStateMachine | undefined>;
  const machine = module[`${flow}Machine`];
  if (!machine) throw new Error(`machines/${flow}.machine.ts exports no ${flow}Machine`);
  return machine;
}

export async function flowPaths(flow: string): Promise<MachinePaths> {
  const [machine, { PATH_MODELS }] = await Promise.all([flowMachine(flow), import('./pathModels')]);
  return machinePaths(machine, PATH_MODELS[flow] ?? {});
}
