// The coverage report's figures (docs/machines/coverage.md, written by scripts/machine-docs.ts):
// per machine, its states and transitions, the paths a graph walk generates from them, and which
// whole-system tests (tests/machines/*.system.test.ts) cross it.
//
// The figures are read from the machine's definition alone, without running it: every guard is
// taken as one that may pass, every invoked actor as one that may answer or fail, every delay as
// one that may fire. So "reachable" means reachable in the drawn graph, and the number of paths is
// the one the path tests' method generates from that graph (tests/machines/lib/pathCoverage.ts: a
// shortest path to every state, plus that path extended by each transition leaving the state). What
// the path tests really replay, with the payloads guards read, each test prints itself.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyStateMachine } from 'xstate';

/** The parts of xstate's state nodes this module reads. */
interface CoverageNode {
  id: string;
  path: string[];
  type: string;
  parent?: CoverageNode | undefined;
  states: Record<string, CoverageNode>;
  initial?: { target: readonly CoverageNode[] } | undefined;
  transitions: Map<string, { target?: readonly CoverageNode[] | undefined }[]>;
  always?: { target?: readonly CoverageNode[] | undefined }[] | undefined;
}

export interface MachineCoverage {
  /** State nodes, the root left out. */
  states: number;
  /** Transition definitions (events, delays, invoked actors' answers, eventless), targetless ones included. */
  transitions: number;
  /** State nodes the drawn graph reaches from the initial state. */
  reachable: number;
  /** Paths generated from the graph: one to every reachable state, one more per transition leaving it. */
  paths: number;
  /** The final states, where the machine (or a region) ends. */
  finals: string[];
  /** State nodes no transition of the graph reaches (a machine's dead ends; none expected). */
  unreachable: string[];
}

const children = (node: CoverageNode) => Object.values(node.states);
const allNodes = (node: CoverageNode): CoverageNode[] => [node, ...children(node).flatMap(allNodes)];
const transitionsOf = (node: CoverageNode) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
const pathOf = (node: CoverageNode) => node.path.join('.');

/** A node and the nodes entering it enters too: its ancestors, its initial child, every region of a parallel node. */
function entered(node: CoverageNode): CoverageNode[] {
  const nodes: CoverageNode[] = [];
  for (let ancestor = node.parent; ancestor !== undefined; ancestor = ancestor.parent) nodes.push(ancestor);
  const enter = (inner: CoverageNode) => {
    nodes.push(inner);
    if (inner.type === 'parallel') children(inner).forEach(enter);
    else inner.initial?.target.forEach(enter);
  };
  enter(node);
  return nodes;
}

export function machineCoverage(machine: AnyStateMachine): MachineCoverage {
  const root = machine.root as unknown as CoverageNode;
  const nodes = allNodes(root);
  const reached = new Set<CoverageNode>(entered(root));
  const queue = [...reached];
  for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
    for (const transition of transitionsOf(node)) {
      for (const target of transition.target ?? []) {
        for (const next of entered(target)) {
          if (!reached.has(next)) {
            reached.add(next);
            queue.push(next);
          }
        }
      }
    }
  }
  const states = nodes.filter((node) => node !== root);
  const transitions = nodes.reduce((sum, node) => sum + transitionsOf(node).length, 0);
  const leaving = [...reached].reduce((sum, node) => sum + transitionsOf(node).length, 0);
  const reachedStates = states.filter((node) => reached.has(node));
  return {
    states: states.length,
    transitions,
    reachable: reachedStates.length,
    paths: reachedStates.length + leaving,
    finals: states.filter((node) => node.type === 'final').map(pathOf),
    unreachable: states.filter((node) => !reached.has(node)).map(pathOf),
  };
}

export interface SystemTest {
  /** The test file, relative to the repository. */
  file: string;
  /** The test's name, as `it(...)` gives it. */
  name: string;
  /** The test's source, from its `it(` to the next one. */
  text: string;
}

/** The whole-system tests: every `it(...)` of tests/machines/*.system.test.ts. */
export function systemTests(repository: string): SystemTest[] {
  const dir = join(repository, 'tests', 'machines');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.system.test.ts'))
    .sort()
    .flatMap((file) => {
      const source = readFileSync(join(dir, file), 'utf8');
      const starts = [...source.matchAll(/^\s*(?:it|test)\(\s*(['"`])(.*?)\1/gm)];
      return starts.map((match, index) => ({
        file: `tests/machines/${file}`,
        name: match[2] ?? '',
        text: source.slice(match.index, starts[index + 1]?.index ?? source.length),
      }));
    });
}

/**
 * Whether a system test crosses a machine: its code names the machine (`signupMachine`), its
 * systemId or flow name as a string (`'signup'`), or its ref (`flows.signup`, `.signup`).
 */
export function crosses(test: SystemTest, machineId: string): boolean {
  const id = machineId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\b${id}Machine\\b|['"\`]${id}['"\`]|\\.${id}\\b`).test(test.text);
}
