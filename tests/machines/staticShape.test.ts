// Every machine file is drawn whole by a tool that reads it without running it (issue 8: Stately's
// editor and its VS Code extension; ARCHITECTURE.md "The actor system"). This test is such a
// reader: a TypeScript AST walk of the `createMachine({...})` literal that follows `states`,
// `initial` and `type`, and refuses what a static reader cannot follow (a spread, a computed key, a
// state config or `states` object that is not a literal, transitions taken from a variable). The
// states it finds must be exactly those of the running machine.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { StateMachine, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { describe, expect, it } from 'vitest';

const MACHINES_DIR = join(import.meta.dirname, '../../machines');
const FILES = readdirSync(MACHINES_DIR).filter((name) => name.endsWith('.machine.ts')).sort();

/** A state as a static reader sees it: its path from the root, `initial` and `type`. */
interface StaticState {
  path: string;
  initial: string | null;
  type: string | null;
}

interface StaticReading {
  id: string | null;
  states: StaticState[];
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
  const text = readFileSync(join(MACHINES_DIR, file), 'utf8');
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
  if (call === undefined) return { id: null, states: [], problems: [`${file}: no createMachine({...}) call`] };
  const [config] = call.arguments;
  if (config === undefined || !ts.isObjectLiteralExpression(config)) {
    return { id: null, states: [], problems: [`${where(call)}: createMachine is not given an object literal`] };
  }

  const states: StaticState[] = [];

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
  return { id, states, problems };
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

describe('every machine file is drawn whole by a static reading (issue 8)', () => {
  it.each(FILES)('%s: the createMachine literal names exactly the running machine\'s states', async (file) => {
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
  });
});
