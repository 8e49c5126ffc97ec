// Writes docs/machines/: one page per machine and the coverage report, from the machines themselves.
//   node --import tsx scripts/machine-docs.ts           write the pages
//   node --import tsx scripts/machine-docs.ts --check   exit 1 when a page is out of date, or a machine
//                                                        or one of its states has no `description`
//
// Nothing here is a list to keep up to date: every `machines/*.machine.ts` gets a page (its exported
// state machine; the file's name is the page's), the flow registry (machines/flows.ts) says which
// of them a route starts and who may, and each page's text is the machine's: the root config's
// `description` is the summary, every state's `description` says what it means. A page has the
// diagram (mermaid), the transitions every state handles, the table of states (tags, invoked
// actors, description) and the transitions that carry a description. docs/machines/coverage.md
// counts states, transitions and generated paths per machine (scripts/lib/coverage.ts) and names
// the whole-system tests that cross each one.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { FLOW_NAMES, FLOWS, type FlowWho } from '../machines/flows';
import { crosses, machineCoverage, systemTests } from './lib/coverage';
import type { MachineCoverage, SystemTest } from './lib/coverage';

const repository = join(dirname(fileURLToPath(import.meta.url)), '..');
const machinesDir = join(repository, 'machines');
const docsDir = join(repository, 'docs', 'machines');

interface Entry {
  /** The file's name without `.machine.ts`, and the page's (`docs/machines/<name>.md`). */
  name: string;
  machine: AnyStateMachine;
  /** Set when the flow registry names the machine: a route starts it with `flow.start`. */
  who: FlowWho | null;
}

// The parts of xstate's state nodes this script reads.
interface Transition {
  eventType: string;
  target?: readonly Node[] | undefined;
  guard?: unknown;
  description?: string | undefined;
}
interface Node {
  id: string;
  key: string;
  path: string[];
  type: string;
  states: Record<string, Node>;
  initial?: { target: readonly Node[] } | undefined;
  transitions: Map<string, Transition[]>;
  always?: Transition[] | undefined;
  tags: string[];
  invoke: { id: string; src: unknown }[];
  description?: string | undefined;
}

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'config' in value && 'provide' in value;

/** Every machines/*.machine.ts with its state machine (the export whose id is the file's name, else the only one). */
async function discoverMachines(): Promise<{ name: string; machine: AnyStateMachine }[]> {
  const files = readdirSync(machinesDir)
    .filter((file) => file.endsWith('.machine.ts'))
    .sort();
  const found: { name: string; machine: AnyStateMachine }[] = [];
  for (const file of files) {
    const name = file.slice(0, -'.machine.ts'.length);
    const module = (await import(pathToFileURL(join(machinesDir, file)).href)) as Record<string, unknown>;
    const machines = Object.values(module).filter(isMachine);
    const machine = machines.find((candidate) => candidate.id === name) ?? (machines.length === 1 ? machines[0] : undefined);
    if (machine === undefined) throw new Error(`machines/${file}: no exported state machine with id '${name}'`);
    found.push({ name, machine });
  }
  return found;
}

/** The flow registry's `who` per flow, in the registry's order (machines/flows.ts). */
const registry = new Map<string, FlowWho>(FLOW_NAMES.map((name) => [name, FLOWS[name].who]));

const mermaidId = (node: Node) => (node.path.length === 0 ? 'root' : node.path.join('_'));

function guardName(guard: unknown): string | null {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard && typeof guard.type === 'string') return guard.type;
  return guard === undefined ? null : 'guard';
}

function eventLabel(transition: Transition): string {
  const { eventType } = transition;
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  const label = done
    ? `${done[1] ?? ''} done`
    : error
      ? `${error[1] ?? ''} failed`
      : after
        ? `after ${after[1] ?? ''}`
        : eventType === ''
          ? 'always'
          : eventType;
  const guard = guardName(transition.guard);
  return guard ? `${label} [${guard}]` : label;
}

function transitionsOf(node: Node): Transition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

function allNodes(node: Node): Node[] {
  return [node, ...Object.values(node.states).flatMap(allNodes)];
}

function diagram(root: Node): string {
  const lines = ['stateDiagram-v2'];
  const declare = (node: Node, indent: string) => {
    const initial = node.initial?.target[0];
    if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
    for (const child of Object.values(node.states)) {
      if (Object.keys(child.states).length > 0) {
        lines.push(`${indent}state ${mermaidId(child)} {`);
        declare(child, `${indent}  `);
        lines.push(`${indent}}`);
      } else {
        lines.push(`${indent}state "${child.key}" as ${mermaidId(child)}`);
      }
    }
  };
  declare(root, '  ');
  for (const node of allNodes(root)) {
    if (node === root) continue;
    for (const transition of transitionsOf(node)) {
      for (const target of transition.target ?? [node]) {
        lines.push(`  ${mermaidId(node)} --> ${mermaidId(target)} : ${eventLabel(transition)}`);
      }
    }
  }
  return lines.join('\n');
}

/** A description as one table cell: one line, pipes escaped. */
const cell = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').replace(/\|/g, '\\|');

/** "accessCheck" → "Access check". */
const titleOf = (name: string) => {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The coverage report's anchor of a machine (GitHub lowercases heading ids). */
const anchorOf = (name: string) => name.toLowerCase();

const WHO: Record<FlowWho, string> = {
  visitor: 'visitors only (a player is sent elsewhere)',
  player: 'players only',
  anyone: 'anyone',
};

function roleOf({ name, who }: Entry): string {
  if (who !== null) {
    return (
      `A flow of the registry (\`machines/flows.ts\`): a route starts it with \`flow.start { flow: '${name}' }\` ` +
      `and stops it when left; ${WHO[who]}. The session spawns it with systemId \`${name}\`.`
    );
  }
  if (name === 'session') return 'The root actor: created once at start-up in `src/app/session.ts`; every other actor is its child.';
  return 'Not a route\'s flow: the session or a flow runs it as a child (see the summary).';
}

function page(entry: Entry, coverage: MachineCoverage, crossing: SystemTest[]): string {
  const { name, machine } = entry;
  const root = machine.root as unknown as Node;
  const everywhere = transitionsOf(root).map((transition) => {
    const targets = (transition.target ?? []).map((target) => `\`${target.path.join('.')}\``).join(', ');
    return `- \`${eventLabel(transition)}\`${targets ? ` → ${targets}` : ' (stays in the current state)'}`;
  });
  const rows = allNodes(root)
    .filter((node) => node !== root)
    .map((node) => {
      const tags = node.tags.map((tag) => `\`${tag}\``).join(', ');
      const invokes = node.invoke.map((invoke) => `\`${invoke.id}\``).join(', ');
      return `| \`${node.path.join('.')}\` | ${tags} | ${invokes} | ${cell(node.description)} |`;
    });
  // The transitions a reviewer should understand carry a description.
  const explained = allNodes(root).flatMap((node) =>
    transitionsOf(node)
      .filter((transition) => transition.description !== undefined)
      .map((transition) => {
        const from = node === root ? '(any state)' : `\`${node.path.join('.')}\``;
        const targets = (transition.target ?? []).map((target) => `\`${target.path.join('.')}\``).join(', ');
        return `- ${from} \`${eventLabel(transition)}\`${targets ? ` → ${targets}` : ''}: ${transition.description ?? ''}`;
      }),
  );
  const systems = crossing.length === 1 ? '1 whole-system test crosses it' : `${crossing.length} whole-system tests cross it`;
  return [
    `# ${titleOf(name)}`,
    '',
    `<!-- Generated by scripts/machine-docs.ts from machines/${name}.machine.ts (the descriptions are the machine's). Do not edit by hand. -->`,
    '',
    root.description ?? '_No description yet: give the root config of the machine a `description`._',
    '',
    roleOf(entry),
    '',
    `Coverage: ${coverage.states} states, ${coverage.transitions} transitions, ${coverage.paths} generated paths; ` +
      `${systems} ([coverage report](coverage.md#${anchorOf(name)})).`,
    '',
    '```mermaid',
    diagram(root),
    '```',
    '',
    ...(everywhere.length > 0 ? ['Handled in every state:', '', ...everywhere, ''] : []),
    '| State | Tags | Invokes | What it means |',
    '|---|---|---|---|',
    ...rows,
    '',
    ...(explained.length > 0 ? ['Transitions explained:', '', ...explained, ''] : []),
  ].join('\n');
}

function coveragePage(entries: Entry[], coverage: Map<string, MachineCoverage>, crossing: Map<string, SystemTest[]>, tests: SystemTest[]): string {
  const rows = entries.map(({ name, who }) => {
    const figures = coverage.get(name);
    if (figures === undefined) throw new Error(`no coverage for ${name}`);
    const kind = who === null ? (name === 'session' ? 'root' : 'child') : `flow (${who})`;
    return (
      `| [${name}](${name}.md) | ${kind} | ${figures.states} | ${figures.transitions} | ` +
      `${figures.reachable}/${figures.states} | ${figures.paths} | ${crossing.get(name)?.length ?? 0} |`
    );
  });
  const sections = entries.flatMap(({ name }) => {
    const figures = coverage.get(name);
    const tested = crossing.get(name) ?? [];
    return [
      `## ${name}`,
      '',
      `[Its page](${name}.md); its path test: \`tests/machines/${name}.machine.test.ts\`` +
        (existsSync(join(repository, 'tests', 'machines', `${name}.machine.test.ts`)) ? '.' : ' (none yet).'),
      '',
      `Final states: ${figures && figures.finals.length > 0 ? figures.finals.map((path) => `\`${path}\``).join(', ') : 'none (the machine runs until stopped)'}.`,
      ...(figures && figures.unreachable.length > 0
        ? ['', `Not reached in the drawn graph: ${figures.unreachable.map((path) => `\`${path}\``).join(', ')}.`]
        : []),
      '',
      ...(tested.length > 0
        ? ['Whole-system tests that cross it:', '', ...tested.map((test) => `- \`${test.file}\`: ${test.name}`)]
        : ['No whole-system test crosses it.']),
      '',
    ];
  });
  return [
    '# Machine coverage',
    '',
    '<!-- Generated by scripts/machine-docs.ts. Do not edit by hand. -->',
    '',
    'Every machine of `machines/`, with the size of its graph and the whole-system tests ' +
      '(`tests/machines/*.system.test.ts`) that cross it. The figures are read from the machine\'s definition ' +
      'without running it (`scripts/lib/coverage.ts`): every guard may pass, every invoked actor may answer or ' +
      'fail, every delay may fire. **States** and **transitions** count the definitions (a transition per event, ' +
      'delay, invoked actor\'s answer or eventless branch, targetless ones included); **reached** is how many ' +
      'states the drawn graph reaches from the initial state; **paths** is what the path tests\' method generates ' +
      'from that graph: a shortest path to every reached state, and that path extended by each transition ' +
      'leaving the state (`tests/machines/lib/pathCoverage.ts`). Each machine\'s path test ' +
      '(`tests/machines/<machine>.machine.test.ts`) replays its paths on a real actor and prints the states and ' +
      'transitions it really covered; `npm run paths <flow>` prints a flow\'s paths step by step ' +
      '(`scripts/lib/machinePaths.ts`). A system test crosses a machine when its code names the machine, its ' +
      'systemId or its flow.',
    '',
    `${tests.length} whole-system tests in ${new Set(tests.map((test) => test.file)).size} files.`,
    '',
    '| Machine | Kind | States | Transitions | Reached | Paths | System tests |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    ...sections,
  ].join('\n');
}

/** What --check refuses besides stale pages: a machine or a state with no description. */
function missingDescriptions({ name, machine }: Entry): string[] {
  const root = machine.root as unknown as Node;
  const missing = root.description ? [] : [`machines/${name}.machine.ts: the machine has no description (its root config's \`description\`)`];
  for (const node of allNodes(root)) {
    if (node !== root && !node.description) missing.push(`machines/${name}.machine.ts: state \`${node.path.join('.')}\` has no description`);
  }
  return missing;
}

const check = process.argv.includes('--check');
// The order of the report: the session, the flows as the registry lists them, then the other children.
const rank = (name: string) => (name === 'session' ? -1 : registry.has(name) ? [...registry.keys()].indexOf(name) : registry.size);
const entries: Entry[] = (await discoverMachines())
  .map(({ name, machine }) => ({ name, machine, who: registry.get(name) ?? null }))
  .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
for (const flow of registry.keys()) {
  if (!entries.some((entry) => entry.name === flow)) throw new Error(`machines/flows.ts names ${flow}, which has no machines/${flow}.machine.ts`);
}
const tests = systemTests(repository);
const coverage = new Map(entries.map(({ name, machine }) => [name, machineCoverage(machine)]));
const crossing = new Map(entries.map(({ name, machine }) => [name, tests.filter((test) => crosses(test, machine.id))]));

const files = new Map<string, string>();
for (const entry of entries) {
  const figures = coverage.get(entry.name);
  if (figures === undefined) throw new Error(`no coverage for ${entry.name}`);
  files.set(`${entry.name}.md`, page(entry, figures, crossing.get(entry.name) ?? []));
}
files.set('coverage.md', coveragePage(entries, coverage, crossing, tests));

mkdirSync(docsDir, { recursive: true });
const problems: string[] = entries.flatMap(missingDescriptions);
for (const [file, text] of files) {
  const path = join(docsDir, file);
  if (check) {
    const current = existsSync(path) ? readFileSync(path, 'utf8') : '';
    if (current !== text) problems.push(`docs/machines/${file} is out of date (run node --import tsx scripts/machine-docs.ts)`);
  } else if (!existsSync(path) || readFileSync(path, 'utf8') !== text) {
    writeFileSync(path, text);
    console.info(`wrote docs/machines/${file}`);
  }
}
for (const file of readdirSync(docsDir).filter((file) => file.endsWith('.md'))) {
  if (!files.has(file)) problems.push(`docs/machines/${file} belongs to no machine (its machine file is gone: delete the page)`);
}
for (const problem of problems) console.error(problem);
// Writing, only a stale page is mended; a missing description still fails.
if (problems.length > 0) process.exitCode = 1;
