// Model-based testing from a machine's own graph (CONVENTIONS.md "Testing machines from their
// graphs"). @xstate/graph's createTestModel refuses machines that invoke or use `after`, so:
//
// 1. traverse the real machine with getAdjacencyMap / getShortestPaths (or getSimplePaths). The
//    traversal is pure (machine.transition with a mock actor scope): invoked actors never run and
//    delayed events never fire, so the caller lists the synthetic events the outside world would
//    produce: `xstate.done.actor.<id>` with an output, `xstate.error.actor.<id>` with an error.
//    `xstate.after.<delay>.<state>` events are added here from the machine's own `after` blocks;
//    events a machine schedules for itself (raise/sendTo with a delay) are listed by the caller
//    and driven through the clock with a `drivers` entry.
// 2. build paths: a shortest path to every distinct state, plus that path extended by every event
//    that is enabled there, so every transition of the graph is on some path.
// 3. replay each path on a real actor (createActor) with fake promise actors and a SimulatedClock:
//    a done/error event resolves/rejects the pending fake call with that id, an after-event moves
//    the clock by the delay, anything else is sent. After each step the actor's value and context
//    must equal the graph's, and the caller's `check` asserts what the state promises.
// 4. coverage: the state nodes the replayed snapshots were in (or that a transition left, for
//    transient states), and the transitions the actor really took (from the inspection API's
//    microsteps), against all state nodes and all transitions the machine defines.
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type {
  Actor,
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyTransitionDefinition,
  DoneActorEvent,
  ErrorActorEvent,
  EventFromLogic,
  EventObject,
  InputFrom,
  InspectionEvent,
  PromiseActorLogic,
  SnapshotFrom,
  StateValue,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths, getStateNodes, serializeSnapshot } from '@xstate/graph';
import type { StatePath } from '@xstate/graph';

/** The parts of a state node and of a transition this helper reads (xstate types them loosely). */
interface NodeShape {
  id: string;
  path: string[];
  transitions: Map<string, TransitionShape[]>;
  always?: TransitionShape[] | undefined;
  after: TransitionShape[];
}
interface TransitionShape {
  eventType: string;
  source: NodeShape;
  target?: readonly { id: string }[] | undefined;
}

/** The machine's root and every state node under it. */
function nodesOf(machine: AnyStateMachine): { root: NodeShape; states: NodeShape[] } {
  return {
    root: machine.root,
    states: getStateNodes(machine.root),
  };
}

/** Fake promise actors whose calls stay pending until a path step answers them. */

/** An invoked actor's answer (`xstate.done.actor.<id>` / `xstate.error.actor.<id>`). */
export type ActorAnswer = DoneActorEvent | ErrorActorEvent;

/**
 * What a path may send: the machine's own events and the answers of its invoked actors. XState
 * keeps those answers out of a machine's event type unless the machine names them by hand (the
 * older machines do, typed; the newer ones take them as dynamic params and do not).
 */
export type PathEvent<TMachine extends AnyStateMachine> =
  Extract<EventFromLogic<TMachine>, { type: `xstate.${'done' | 'error'}.actor.${string}` }> extends never
    ? EventFromLogic<TMachine> | ActorAnswer
    : EventFromLogic<TMachine>;

export class FakePromises {
  private readonly pending = new Map<string, { resolve: (output: unknown) => void; reject: (error: unknown) => void }>();
  /** Every call made, in order: the invoked actor's id and its input. */
  readonly calls: { id: string; input: unknown }[] = [];

  /** A `fromPromise` logic to pass to `machine.provide({ actors })`. */
  actor<TOutput, TInput = unknown>(): PromiseActorLogic<TOutput, TInput> {
    return fromPromise<TOutput, TInput>(
      ({ self, input }) =>
        new Promise<TOutput>((resolve, reject) => {
          this.pending.set(self.id, { resolve: resolve as (output: unknown) => void, reject });
          this.calls.push({ id: self.id, input });
        }),
    );
  }

  isPending(id: string): boolean {
    return this.pending.has(id);
  }

  resolve(id: string, output: unknown): void {
    this.take(id).resolve(output);
  }

  reject(id: string, error: unknown): void {
    this.take(id).reject(error);
  }

  private take(id: string) {
    const call = this.pending.get(id);
    if (!call) throw new Error(`no pending call of the fake actor "${id}"`);
    this.pending.delete(id);
    return call;
  }
}

export interface ReplayContext<TMachine extends AnyStateMachine, TWorld> {
  actor: Actor<TMachine>;
  machine: TMachine;
  clock: SimulatedClock;
  fakes: FakePromises;
  world: TWorld;
}

export type Driver<TMachine extends AnyStateMachine, TWorld> = (
  event: PathEvent<TMachine>,
  replay: ReplayContext<TMachine, TWorld>,
) => void;

export interface StepInfo<TMachine extends AnyStateMachine, TWorld> extends ReplayContext<TMachine, TWorld> {
  /** The event that led here (`xstate.init` for the first step). */
  event: PathEvent<TMachine> | { type: 'xstate.init' };
  /** The snapshot before the event; undefined for the first step. */
  previous: SnapshotFrom<TMachine> | undefined;
  index: number;
  path: ReplayedPath;
}

export interface ReplayedPath {
  /** Event types, in order, for messages and reports. */
  description: string;
  events: EventObject[];
}

export interface PathCoverageOptions<TMachine extends AnyStateMachine, TWorld> {
  /**
   * Builds the machine, `.provide()`d with fakes, for one replay (and once for the traversal); its
   * `input`, when given, is the actor's input instead of `input` below (made with the same fakes).
   */
  setup: (fakes: FakePromises) => { machine: TMachine; world: TWorld; input?: InputFrom<TMachine> };
  input?: InputFrom<TMachine>;
  /** Events to try in every state (or per state), including synthetic done/error events. */
  events:
    | readonly (PathEvent<TMachine> | ActorAnswer)[]
    | ((snapshot: SnapshotFrom<TMachine>) => readonly (PathEvent<TMachine> | ActorAnswer)[]);
  /** Base paths: a shortest path per state (default) or every simple path. */
  paths?: 'shortest' | 'simple';
  /** How the outside world produces an event, by event type, when sending it is not the real way. */
  drivers?: Partial<Record<string, Driver<TMachine, TWorld>>>;
  /** Asserts what the state promises; runs after every step of every path. */
  check?: (snapshot: SnapshotFrom<TMachine>, step: StepInfo<TMachine, TWorld>) => void;
}

export interface PathCoverageResult {
  statesCovered: number;
  statesTotal: number;
  transitionsCovered: number;
  transitionsTotal: number;
  paths: ReplayedPath[];
  uncoveredStates: string[];
  uncoveredTransitions: string[];
}

const percent = (covered: number, total: number) => (total === 0 ? 100 : Math.round((covered / total) * 100));

export function formatCoverage(name: string, result: PathCoverageResult): string {
  const { statesCovered: s, statesTotal: st, transitionsCovered: t, transitionsTotal: tt } = result;
  return `coverage ${name}: states ${s}/${st} (${percent(s, st)}%), transitions ${t}/${tt} (${percent(t, tt)}%), paths ${result.paths.length}`;
}

/** A readable, stable name for a transition the machine defines. */
export function transitionKey(definition: AnyTransitionDefinition): string {
  const transition = definition as unknown as TransitionShape;
  const { source } = transition;
  const siblings: readonly TransitionShape[] =
    transition.eventType === '' ? (source.always ?? []) : (source.transitions.get(transition.eventType) ?? []);
  const index = siblings.indexOf(transition);
  const label = (transition.eventType || 'always') + (siblings.length > 1 ? `#${index}` : '');
  const targets = transition.target?.map((node) => node.id).join(',') ?? '(no target)';
  return `${source.id} --${label}--> ${targets}`;
}

function allTransitionKeys(machine: AnyStateMachine): string[] {
  const { root, states } = nodesOf(machine);
  return [root, ...states]
    .flatMap((node) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])])
    .map((transition) => transitionKey(transition as unknown as AnyTransitionDefinition));
}

/** True when the state value has the node at `path` active. */
function isActive(value: StateValue, path: readonly string[]): boolean {
  let current: StateValue | undefined = value;
  for (const [i, key] of path.entries()) {
    if (current === undefined) return false;
    if (typeof current === 'string') return i === path.length - 1 && current === key;
    current = current[key];
  }
  return current !== undefined;
}

/** Lets settled fake promises reach their actors (microtasks run before the next macrotask). */
export const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function delayOf(machine: AnyStateMachine, delayRef: string): number {
  const numeric = Number(delayRef);
  if (!Number.isNaN(numeric)) return numeric;
  const delays = machine.implementations.delays as Record<string, unknown>;
  const delay = delays[delayRef];
  if (typeof delay !== 'number') throw new Error(`delay "${delayRef}" is not a number; give a driver for it`);
  return delay;
}

function defaultDrive<TMachine extends AnyStateMachine, TWorld>(event: EventObject, replay: ReplayContext<TMachine, TWorld>) {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  if (done?.[1] !== undefined) {
    replay.fakes.resolve(done[1], (event as EventObject & { output?: unknown }).output);
    return;
  }
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  if (failed?.[1] !== undefined) {
    replay.fakes.reject(failed[1], (event as EventObject & { error?: unknown }).error);
    return;
  }
  // xstate.after.<delay>.<state id>: delay names and numbers have no dot.
  const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
  if (after?.[1] !== undefined) {
    replay.clock.increment(delayOf(replay.machine, after[1]));
    return;
  }
  (replay.actor as Actor<AnyStateMachine>).send(event);
}

/** The `after` events the machine defines, so callers need not list them. */
function delayedEvents(machine: AnyStateMachine): EventObject[] {
  const { root, states } = nodesOf(machine);
  return [root, ...states].flatMap((node) => node.after.map((transition) => ({ type: transition.eventType })));
}

interface PlannedPath {
  events: EventObject[];
  states: AnyMachineSnapshot[];
}

interface PlanOptions {
  events: (snapshot: AnyMachineSnapshot) => readonly EventObject[];
  input: unknown;
  paths: 'shortest' | 'simple' | undefined;
}

/**
 * The machine as the graph walks it. @xstate/graph computes every transition in one mock actor
 * system and never runs the stop actions, so a child spawned again with the same systemId (a flow
 * restarted by the session) would collide with its earlier, never-stopped self. In the walk
 * nothing runs, so the mock system may simply take the new child; the replay on a real actor
 * checks the real registration.
 */
function forGraph(machine: AnyStateMachine): AnyStateMachine {
  const lenient = (scope: { self: { system: { _set: (id: string, ref: unknown) => void } } }) => {
    const system = scope.self.system as { _set: (id: string, ref: unknown) => void; _lenient?: true } & Record<string, unknown>;
    if (system._lenient) return;
    const keyed = new Map<string, unknown>();
    system._set = (id, ref) => keyed.set(id, ref);
    system.get = (id: string) => keyed.get(id);
    system._lenient = true;
  };
  // planPaths walks the graph twice (getShortestPaths, then getAdjacencyMap): the second walk
  // takes the first one's snapshots (the same initial snapshot, the same next snapshot for a
  // snapshot and an event) instead of computing every transition again; machine.transition is
  // pure, so the graph is the same (the session's 4,674 planned paths are identical, step for step).
  const next = new WeakMap<object, Map<string, AnyMachineSnapshot>>();
  let initial: { input: unknown; snapshot: AnyMachineSnapshot } | undefined;
  const walked = Object.create(machine) as AnyStateMachine;
  walked.transition = (snapshot, event, scope) => {
    let byEvent = next.get(snapshot);
    if (byEvent === undefined) {
      byEvent = new Map();
      next.set(snapshot, byEvent);
    }
    const key = JSON.stringify(event);
    let found = byEvent.get(key);
    if (found === undefined) {
      lenient(scope as never);
      found = machine.transition(snapshot, event, scope) as AnyMachineSnapshot;
      byEvent.set(key, found);
    }
    return found;
  };
  walked.getInitialSnapshot = (scope, input) => {
    if (initial === undefined || initial.input !== input) {
      lenient(scope as never);
      initial = { input, snapshot: machine.getInitialSnapshot(scope, input) as AnyMachineSnapshot };
    }
    return initial.snapshot;
  };
  return walked;
}

function planPaths(graphed: AnyStateMachine, options: PlanOptions): PlannedPath[] {
  const machine = forGraph(graphed);
  const extra = delayedEvents(graphed);
  const traversal = {
    events: (snapshot: AnyMachineSnapshot) => [...options.events(snapshot), ...extra],
    input: options.input,
  };
  type Path = StatePath<AnyMachineSnapshot, EventObject>;
  // The shortest paths are walked once: they are the base paths too unless simple ones are asked for.
  const shortest = getShortestPaths(machine, traversal) as unknown as Path[];
  const base = options.paths === 'simple' ? (getSimplePaths(machine, traversal) as unknown as Path[]) : shortest;
  // The graph's paths start with an `xstate.init` step holding the initial state.
  const toPlanned = (path: Path): PlannedPath => ({
    events: path.steps.slice(1).map((step) => step.event),
    states: path.steps.map((step) => step.state),
  });
  const planned = base.map(toPlanned);

  // Extend the shortest path to each state with every event enabled there (transition coverage).
  const shortestTo = new Map<string, PlannedPath>();
  for (const path of shortest.map(toPlanned)) {
    const last = path.states.at(-1);
    if (last) shortestTo.set(serializeSnapshot(last), path);
  }
  type Edge = { event: EventObject; state: AnyMachineSnapshot };
  const adjacency = getAdjacencyMap(machine, traversal) as unknown as Record<
    string,
    { state: AnyMachineSnapshot; transitions: Record<string, Edge> }
  >;
  for (const [serialized, { state, transitions }] of Object.entries(adjacency)) {
    const head = shortestTo.get(serialized);
    if (!head) continue;
    for (const { event, state: next } of Object.values(transitions)) {
      if (!state.can(event)) continue;
      planned.push({ events: [...head.events, event], states: [...head.states, next] });
    }
  }

  // One replay per distinct event sequence (events compared as JSON), dropping those that are a
  // prefix of a longer one. Each distinct event gets a number, a sequence is the list of its
  // events' numbers, and every proper prefix of every sequence goes into one set: a sequence is
  // dropped when it is in that set (one pass, not every pair of paths).
  const numbers = new Map<string, number>();
  const numberOf = (event: EventObject) => {
    const json = JSON.stringify(event);
    let number = numbers.get(json);
    if (number === undefined) {
      number = numbers.size;
      numbers.set(json, number);
    }
    return number;
  };
  const unique = new Map<string, { path: PlannedPath; key: number[] }>();
  for (const path of planned) {
    const key = path.events.map(numberOf);
    unique.set(key.join(','), { path, key });
  }
  const prefixes = new Set<string>();
  for (const { key } of unique.values()) {
    for (let length = 0; length < key.length; length += 1) prefixes.add(key.slice(0, length).join(','));
  }
  return [...unique.values()].filter(({ key }) => !prefixes.has(key.join(','))).map(({ path }) => path);
}

/**
 * Traverses the machine's graph, replays every path on a real actor with fakes and a simulated
 * clock, and reports the states and transitions the replays reached. Throws on the first step whose
 * real snapshot differs from the graph's, or whose `check` fails.
 */
export async function coverPaths<TMachine extends AnyStateMachine, TWorld = undefined>(
  options: PathCoverageOptions<TMachine, TWorld>,
): Promise<PathCoverageResult> {
  const graphSetup = options.setup(new FakePromises());
  const graphMachine = graphSetup.machine;
  const given = options.events;
  const planned = planPaths(graphMachine, {
    events: (snapshot) =>
      typeof given === 'function' ? given(snapshot as SnapshotFrom<TMachine>) : given,
    input: graphSetup.input ?? options.input,
    paths: options.paths,
  });

  const stateIds = nodesOf(graphMachine).states.map((node) => node.id);
  const transitionKeys = allTransitionKeys(graphMachine);
  const coveredStates = new Set<string>();
  const coveredTransitions = new Set<string>();
  const replayed: ReplayedPath[] = [];

  for (const plan of planned) {
    const path: ReplayedPath = {
      description: ['xstate.init', ...plan.events.map((event) => event.type)].join(' > '),
      events: plan.events,
    };
    replayed.push(path);
    const fakes = new FakePromises();
    const { machine, world, input } = options.setup(fakes);
    const nodes = nodesOf(machine).states;
    const clock = new SimulatedClock();
    const actorOptions = {
      clock,
      input: input ?? options.input,
      inspect: (inspection: InspectionEvent) => {
        // The root actor's own microsteps only (not its children's), including those of its
        // initial state, which run inside createActor, before `actor` is assigned.
        if (inspection.type !== '@xstate.microstep' || inspection.actorRef.sessionId !== inspection.rootId) return;
        for (const transition of inspection._transitions) {
          coveredTransitions.add(transitionKey(transition));
          // A transition taken from a state means the state was entered, even a transient one
          // (`always` only) that no snapshot ever rests in.
          coveredStates.add((transition as unknown as TransitionShape).source.id);
        }
      },
    };
    const actor = createActor(machine as AnyStateMachine, actorOptions) as unknown as Actor<TMachine>;
    const replay: ReplayContext<TMachine, TWorld> = { actor, machine, clock, fakes, world };

    const verify = (index: number, event: EventObject, previous: SnapshotFrom<TMachine> | undefined) => {
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      const expected = plan.states[index];
      const where = `path "${path.description}", step ${index} (${event.type})`;
      if (snapshot.status === 'error') throw new Error(`${where}: the actor failed: ${String(snapshot.error)}`);
      if (expected && serializeSnapshot(snapshot) !== serializeSnapshot(expected)) {
        throw new Error(
          `${where}: expected ${serializeSnapshot(expected)}\n                 got ${serializeSnapshot(snapshot)}`,
        );
      }
      const value = snapshot.value as StateValue;
      for (const node of nodes) if (isActive(value, node.path)) coveredStates.add(node.id);
      try {
        const stepEvent = event as PathEvent<TMachine> | { type: 'xstate.init' };
        options.check?.(snapshot as SnapshotFrom<TMachine>, { ...replay, event: stepEvent, previous, index, path });
      } catch (error) {
        if (error instanceof Error) error.message = `${where}: ${error.message}`;
        throw error;
      }
    };

    actor.start();
    await settle();
    verify(0, { type: 'xstate.init' }, undefined);
    for (const [i, event] of plan.events.entries()) {
      const previous = actor.getSnapshot();
      const drive = options.drivers?.[event.type] ?? defaultDrive;
      drive(event as PathEvent<TMachine>, replay);
      await settle();
      verify(i + 1, event, previous);
    }
    actor.stop();
  }

  return {
    statesCovered: stateIds.filter((id) => coveredStates.has(id)).length,
    statesTotal: stateIds.length,
    transitionsCovered: transitionKeys.filter((key) => coveredTransitions.has(key)).length,
    transitionsTotal: transitionKeys.length,
    paths: replayed,
    uncoveredStates: stateIds.filter((id) => !coveredStates.has(id)),
    uncoveredTransitions: transitionKeys.filter((key) => !coveredTransitions.has(key)),
  };
}

/**
 * Several runs of one machine (other inputs: another page, another player) as one figure: a state
 * or transition counts when any run reached it.
 */
export function mergeCoverage(results: readonly PathCoverageResult[]): PathCoverageResult {
  const [first, ...rest] = results;
  if (!first) throw new Error('no results');
  const uncoveredStates = first.uncoveredStates.filter((id) => rest.every((r) => r.uncoveredStates.includes(id)));
  const uncoveredTransitions = first.uncoveredTransitions.filter((key) => rest.every((r) => r.uncoveredTransitions.includes(key)));
  return {
    statesTotal: first.statesTotal,
    transitionsTotal: first.transitionsTotal,
    statesCovered: first.statesTotal - uncoveredStates.length,
    transitionsCovered: first.transitionsTotal - uncoveredTransitions.length,
    paths: results.flatMap((r) => r.paths),
    uncoveredStates,
    uncoveredTransitions,
  };
}
