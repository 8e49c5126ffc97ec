// Every machine file is drawn whole by a tool that reads it without running it (issue 8: Stately's
// editor and its VS Code extension; ARCHITECTURE.md "The actor system"). This test is such a
// reader: a TypeScript AST walk of the `createMachine({...})` literal that follows `states`,
// `initial` and `type`, and refuses what a static reader cannot follow (a spread, a computed key, a
// state config or `states` object that is not a literal, transitions taken from a variable). The
// states it finds must be exactly those of the running machine, and so must each state's
// transitions: the events it handles (`on`, `after`, `always`, an invocation's `onDone` /
// `onError` / `onSnapshot`, the state's own `onDone`) and, branch by branch, where each one leads.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { setup, StateMachine, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { describe, expect, it } from 'vitest';
import { FLOW_NAMES, FLOWS } from '../../machines/flows';

const MACHINES_DIR = join(import.meta.dirname, '../../machines');
const FILES = readdirSync(MACHINES_DIR).filter((name) => name.endsWith('.machine.ts')).sort();

/** A state as a static reader sees it: its path from the root, `initial` and `type`. */
interface StaticState {
  path: string;
  initial: string | null;
  type: string | null;
}

/**
 * A state's transitions, by event type ('always' for the eventless ones): per branch, in order,
 * the paths of its targets (none: a transition that stays).
 */
type Transitions = Record<string, string[][]>;

/** A transition as written: its targets, not yet resolved against the state tree. */
interface RawTransitions {
  /** The state's path (its id, when it names one, for `#id` targets and event names). */
  path: string[];
  ownId: string | null;
  /** Event type builders: the state's id is only known once every state has been read. */
  events: { event: (stateId: string) => string; branches: string[][] }[];
}

interface StaticReading {
  id: string | null;
  states: StaticState[];
  /** Each state's transitions (the root's under ''), by path. */
  transitions: Record<string, Transitions>;
  /** What a static reader could not follow, with the line it is on. */
  problems: string[];
}

function keyOf(name: ts.PropertyName): string | null {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return null;
}

/** A transition-bearing property (`on`, `always`, `after`, `invoke`, `entry` ...) must be written in place. */
const LITERAL_PROPERTIES = new Set(['on', 'always', 'after', 'invoke', 'onDone', 'states', 'initial', 'type']);

function readMachineFile(file: string): StaticReading {
  return readMachineSource(file, readFileSync(join(MACHINES_DIR, file), 'utf8'));
}

function readMachineSource(file: string, text: string): StaticReading {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const problems: string[] = [];
  const where = (node: ts.Node) => `${file}:${String(source.getLineAndCharacterOfPosition(node.getStart()).line + 1)}`;
  const findCall = (node: ts.Node): ts.CallExpression | undefined => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'createMachine') {
      return node;
    }
    return ts.forEachChild(node, findCall);
  };
  const call = findCall(source);
  if (call === undefined) return { id: null, states: [], transitions: {}, problems: [`${file}: no createMachine({...}) call`] };
  const [config] = call.arguments;
  if (config === undefined || !ts.isObjectLiteralExpression(config)) {
    return { id: null, states: [], transitions: {}, problems: [`${where(call)}: createMachine is not given an object literal`] };
  }

  const states: StaticState[] = [];
  const raw: RawTransitions[] = [];

  /** The branches of a transition value: a target string, a transition object, or a list of them. */
  const branchesOf = (value: ts.Expression, at: string): string[][] => {
    if (ts.isStringLiteralLike(value)) return [[value.text]];
    if (ts.isArrayLiteralExpression(value)) return value.elements.flatMap((element) => branchesOf(element, at));
    if (ts.isObjectLiteralExpression(value)) {
      const target = property(value, 'target');
      if (!target) return [[]];
      if (ts.isStringLiteralLike(target.initializer)) return [[target.initializer.text]];
      if (ts.isArrayLiteralExpression(target.initializer) && target.initializer.elements.every(ts.isStringLiteralLike)) {
        return [target.initializer.elements.map((element) => (element as ts.StringLiteralLike).text)];
      }
      problems.push(`${where(target)}: a target of ${at} that is not written as a string (or a list of strings)`);
      return [[]];
    }
    problems.push(`${where(value)}: the transition ${at} is not written in place`);
    return [];
  };

  /** The transitions a state's config names, as written (see Transitions). */
  const readTransitions = (object: ts.ObjectLiteralExpression, path: string[]): RawTransitions => {
    const at = `of "${path.join('.') || '(root)'}"`;
    const ownId = stringOf(object, 'id');
    const events: RawTransitions['events'] = [];
    const objectOf = (name: string): ts.ObjectLiteralExpression | null => {
      const found = property(object, name);
      if (!found) return null;
      if (ts.isObjectLiteralExpression(found.initializer)) return found.initializer;
      problems.push(`${where(found)}: "${name}" ${at} is not an object literal`);
      return null;
    };
    const on = objectOf('on');
    for (const member of on?.properties ?? []) {
      const key = ts.isPropertyAssignment(member) ? keyOf(member.name) : null;
      if (key === null || !ts.isPropertyAssignment(member)) {
        problems.push(`${where(member)}: an event in "on" ${at} that is not "event: transition"`);
        continue;
      }
      events.push({ event: () => key, branches: branchesOf(member.initializer, `"${key}" ${at}`) });
    }
    const after = objectOf('after');
    for (const member of after?.properties ?? []) {
      const key = ts.isPropertyAssignment(member) ? keyOf(member.name) : null;
      if (key === null || !ts.isPropertyAssignment(member)) {
        problems.push(`${where(member)}: a delay in "after" ${at} that is not "delay: transition"`);
        continue;
      }
      events.push({ event: (stateId) => `xstate.after.${key}.${stateId}`, branches: branchesOf(member.initializer, `after "${key}" ${at}`) });
    }
    const always = property(object, 'always');
    if (always) events.push({ event: () => 'always', branches: branchesOf(always.initializer, `always ${at}`) });
    const onDone = property(object, 'onDone');
    if (onDone) events.push({ event: (stateId) => `xstate.done.state.${stateId}`, branches: branchesOf(onDone.initializer, `onDone ${at}`) });
    const invoke = property(object, 'invoke');
    const invocations = invoke === undefined ? [] : ts.isArrayLiteralExpression(invoke.initializer) ? [...invoke.initializer.elements] : [invoke.initializer];
    for (const [index, invocation] of invocations.entries()) {
      if (!ts.isObjectLiteralExpression(invocation)) {
        problems.push(`${where(invocation)}: an invocation ${at} that is not written in place`);
        continue;
      }
      const id = stringOf(invocation, 'id');
      // XState names an invocation without an id by its index and its state's id.
      const actorId = (stateId: string) => id ?? `${String(index)}.${stateId}`;
      for (const [name, prefix] of [['onDone', 'xstate.done.actor'], ['onError', 'xstate.error.actor'], ['onSnapshot', 'xstate.snapshot']] as const) {
        const found = property(invocation, name);
        if (found) events.push({ event: (stateId) => `${prefix}.${actorId(stateId)}`, branches: branchesOf(found.initializer, `${name} ${at}`) });
      }
    }
    return { path, ownId, events };
  };

  const property = (object: ts.ObjectLiteralExpression, name: string) =>
    object.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && keyOf(p.name) === name);
  const stringOf = (object: ts.ObjectLiteralExpression, name: string): string | null => {
    const found = property(object, name);
    if (!found) return null;
    if (ts.isStringLiteralLike(found.initializer)) return found.initializer.text;
    problems.push(`${where(found)}: ${name} is not a string literal`);
    return null;
  };

  const walkState = (object: ts.ObjectLiteralExpression, path: string[]) => {
    for (const member of object.properties) {
      if (ts.isSpreadAssignment(member)) problems.push(`${where(member)}: a spread in the state config at "${path.join('.') || '(root)'}"`);
      else if (ts.isComputedPropertyName(member.name)) problems.push(`${where(member)}: a computed key in the state config`);
      else if (ts.isPropertyAssignment(member)) {
        const name = keyOf(member.name);
        if (name !== null && LITERAL_PROPERTIES.has(name) && ts.isIdentifier(member.initializer)) {
          problems.push(`${where(member)}: "${name}" of "${path.join('.') || '(root)'}" comes from the variable ${member.initializer.text}`);
        }
      } else if (ts.isShorthandPropertyAssignment(member)) {
        problems.push(`${where(member)}: the shorthand "${member.name.text}" in the state config`);
      }
    }
    if (path.length > 0) states.push({ path: path.join('.'), initial: stringOf(object, 'initial'), type: stringOf(object, 'type') });
    raw.push(readTransitions(object, path));
    const children = property(object, 'states');
    if (!children) return;
    if (!ts.isObjectLiteralExpression(children.initializer)) {
      problems.push(`${where(children)}: "states" of "${path.join('.') || '(root)'}" is not an object literal`);
      return;
    }
    for (const member of children.initializer.properties) {
      if (ts.isSpreadAssignment(member)) {
        problems.push(`${where(member)}: states spread into "${path.join('.') || '(root)'}"`);
        continue;
      }
      if (!ts.isPropertyAssignment(member)) {
        problems.push(`${where(member)}: a state of "${path.join('.') || '(root)'}" that is not "name: {...}"`);
        continue;
      }
      const name = keyOf(member.name);
      if (name === null) {
        problems.push(`${where(member)}: a computed state name in "${path.join('.') || '(root)'}"`);
        continue;
      }
      if (!ts.isObjectLiteralExpression(member.initializer)) {
        problems.push(`${where(member)}: the state "${[...path, name].join('.')}" is built by an expression, not written as a literal`);
        continue;
      }
      walkState(member.initializer, [...path, name]);
    }
  };

  const id = stringOf(config, 'id');
  walkState(config, []);

  // Every state's id (its own, else the machine's id and its path), then each target resolved as
  // XState resolves it: `#id`, `.child` (below the state), else a sibling's path.
  const stateId = (state: RawTransitions) => state.ownId ?? [id ?? '(machine)', ...state.path].join('.');
  const pathById = new Map(raw.map((state) => [stateId(state), state.path.join('.')]));
  const resolve = (from: string[], target: string): string => {
    if (target.startsWith('#')) return pathById.get(target.slice(1)) ?? `(unknown ${target})`;
    const base = target.startsWith('.') ? from : from.slice(0, -1);
    return [...base, ...(target.startsWith('.') ? target.slice(1) : target).split('.')].join('.');
  };
  const transitions: Record<string, Transitions> = {};
  for (const state of raw) {
    const own: Transitions = {};
    for (const { event, branches } of state.events) {
      (own[event(stateId(state))] ??= []).push(...branches.map((targets) => targets.map((target) => resolve(state.path, target))));
    }
    transitions[state.path.join('.')] = own;
  }
  return { id, states, transitions, problems };
}

/** The running machine's transitions, the same way: by state path, by event type, per branch its targets. */
function runningTransitions(machine: AnyStateMachine): Record<string, Transitions> {
  const out: Record<string, Transitions> = {};
  const targetsOf = (transition: { target?: readonly AnyStateNode[] | undefined }) => (transition.target ?? []).map((node) => node.path.join('.'));
  const walk = (node: AnyStateNode) => {
    const own: Transitions = {};
    for (const [event, list] of node.transitions) own[event] = list.map(targetsOf);
    if (node.always) own.always = node.always.map(targetsOf);
    out[node.path.join('.')] = own;
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(machine.root);
  return out;
}

/** The running machine's states, the same way: path, initial, type. */
function runningStates(machine: AnyStateMachine): StaticState[] {
  const out: StaticState[] = [];
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states)) {
      const initial = child.config.initial;
      out.push({
        path: child.path.join('.'),
        initial: typeof initial === 'string' ? initial : null,
        type: child.type === 'atomic' || child.type === 'compound' ? null : child.type,
      });
      walk(child);
    }
  };
  walk(machine.root);
  return out;
}

async function machineOf(file: string, id: string | null): Promise<AnyStateMachine> {
  const module = (await import(join(MACHINES_DIR, file))) as Record<string, unknown>;
  const machines = Object.values(module).filter((value): value is AnyStateMachine => value instanceof StateMachine);
  const match = machines.find((machine) => machine.id === id) ?? machines[0];
  if (!match) throw new Error(`${file} exports no machine`);
  return match;
}

/** A small machine, and its literal as a file would have it (the reader's own check). */
const doors = setup({ types: { events: {} as { type: 'open' } | { type: 'close' } | { type: 'lock' } } }).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { open: 'opened', lock: { target: '#door.locked' } } },
    opened: { on: { close: [{ target: 'closed' }, { target: '.ajar' }] }, initial: 'wide', states: { wide: {}, ajar: {} }, after: { 1000: 'closed' } },
    locked: {},
  },
});
const DOORS = `setup({}).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { open: 'opened', lock: { target: '#door.locked' } } },
    opened: { on: { close: [{ target: 'closed' }, { target: '.ajar' }] }, initial: 'wide', states: { wide: {}, ajar: {} }, after: { 1000: 'closed' } },
    locked: {},
  },
});`;

describe('the static reading itself', () => {
  it('resolves targets as XState does, and tells a literal that differs from the running machine', () => {
    const reading = readMachineSource('door.ts', DOORS);
    expect(reading.problems).toEqual([]);
    expect(reading.transitions).toEqual(runningTransitions(doors));
    expect(reading.transitions.opened).toEqual({ close: [['closed'], ['opened.ajar']], 'xstate.after.1000.door.opened': [['closed']] });
    // Another target, or an event the running machine lacks, is told apart.
    expect(readMachineSource('door.ts', DOORS.replace("open: 'opened'", "open: 'locked'")).transitions).not.toEqual(runningTransitions(doors));
    expect(readMachineSource('door.ts', DOORS.replace('locked: {},', "locked: { on: { open: 'closed' } },")).transitions).not.toEqual(runningTransitions(doors));
  });

  it('refuses transitions it cannot follow: spread into "on", a target from a variable', () => {
    const spread = readMachineSource('door.ts', DOORS.replace("on: { open: 'opened',", 'on: { ...shared, open: OPENED,'));
    expect(spread.problems).toEqual([
      'door.ts:5: an event in "on" of "closed" that is not "event: transition"',
      'door.ts:5: the transition "open" of "closed" is not written in place',
    ]);
  });
});

describe('the flow registry (machines/flows.ts)', () => {
  it("names each flow's machine: machine() is the machine its file exports, with the flow's name as id", async () => {
    for (const name of FLOW_NAMES) {
      const machine = await FLOWS[name].machine();
      expect(machine).toBeInstanceOf(StateMachine);
      expect(machine.id).toBe(name);
      expect(FILES).toContain(`${name}.machine.ts`);
    }
  }, 60_000);
});

describe('every machine file is drawn whole by a static reading (issue 8)', () => {
  // A machine file's first import can take seconds on a loaded machine.
  it.each(FILES)('%s: the createMachine literal names exactly the running machine\'s states and transitions', async (file) => {
    const reading = readMachineFile(file);
    const machine = await machineOf(file, reading.id);
    expect(reading.problems).toEqual([]);
    const key = (state: StaticState) => state.path;
    const byPath = (list: StaticState[]) => [...list].sort((a, b) => key(a).localeCompare(key(b)));
    // The same state ids...
    expect(reading.states.map(key).sort()).toEqual(runningStates(machine).map(key).sort());
    // ...with the same initial states and kinds (a `type: 'history'` etc. written in place).
    const running = byPath(runningStates(machine));
    expect(byPath(reading.states).map((state) => ({ ...state, type: state.type === 'compound' || state.type === 'atomic' ? null : state.type }))).toEqual(
      running.map((state) => ({ ...state, initial: state.initial })),
    );
    // ...and, state by state, the same events leading, branch by branch, to the same targets.
    expect(reading.transitions).toEqual(runningTransitions(machine));
  }, 60_000);
});
