// Writes docs/machines/<flow>.md from the machines themselves: a mermaid state diagram and a table of
// states, tags and invoked actors (CONVENTIONS.md "Comments and names": a diagram a reviewer can read).
//   node --import tsx scripts/machine-docs.ts           write the pages
//   node --import tsx scripts/machine-docs.ts --check   exit 1 when a page is out of date
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { accessCheckMachine } from '../machines/accessCheck.machine';
import { cookieConsentMachine } from '../machines/cookieConsent.machine';
import { sessionMachine } from '../machines/session.machine';
import { toastMachine } from '../machines/toast.machine';

interface Page {
  flow: string;
  title: string;
  machine: AnyStateMachine;
  /** What the flow is for, with the spec section it comes from. */
  summary: string;
}

const pages: Page[] = [
  {
    flow: 'session',
    title: 'Session',
    machine: sessionMachine,
    summary:
      'The root actor (behaviour.md §4 "Session"): status pending → requested → resolved, with the authorized flag. ' +
      'Created at start-up with the route\'s `langMarket` and put in the router context; the app sends `session.start` once. ' +
      '`restoreSession` resolves null today (anonymous); the login issue restores claims from the id-token cookie. ' +
      'It spawns its children at creation: `accessCheck`, `cookieConsent` and `toast` (ids and system ids of the same names). ' +
      'Route guards (`machines/session.guards.ts`) wait for `resolved`.',
  },
  {
    flow: 'accessCheck',
    title: 'Access check',
    machine: accessCheckMachine,
    summary:
      'behaviour.md §4 "Other states" and product.md §2 "Route guards": loading, then success clears the restriction, ' +
      'or an error sets `restrictedAccess`. The platform\'s `error.access.restricted` shows the restricted-country page, ' +
      '`error.maintenance` (or an answer with `maintenance: true`) the maintenance page, rechecked every ' +
      '`MAINTENANCE_RECHECK_MS`; any other failure offers a retry. `appGate(value, context)` tells the root component what to render.',
  },
  {
    flow: 'cookieConsent',
    title: 'Cookie consent',
    machine: cookieConsentMachine,
    summary:
      'behaviour.md §4 "Other states" and §9: the notification is shown until the visitor accepts; accepting stores ' +
      'essentials, performanceFunctional and marketing (all true by default; essentials cannot be refused) with ' +
      '`accepted: true` under `COOKIE_CONSENT_STORAGE_KEY`. Options can be updated later, and `consent.load` re-reads ' +
      'storage. Storage is outside the machine: `loadConsent` (actor) and `persistConsent` (action) come from src/.',
  },
  {
    flow: 'toast',
    title: 'Toasts',
    machine: toastMachine,
    summary:
      'product.md §2 "Whole-app screens": one actor holds every toast (success, error, warning). Each closes itself ' +
      'after its duration (`TOAST_DURATION_MS` unless given) through a delayed `toast.expire` it sends itself; ' +
      '`toast.pause` (hover, focus) cancels that timer and `toast.resume` starts it again; `toast.dismiss` ' +
      '(close button, swipe) removes the toast at once.',
  },
];

// The parts of xstate's state nodes this script reads.
interface Transition {
  eventType: string;
  target?: readonly Node[] | undefined;
  guard?: unknown;
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
}

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

function page({ flow, title, machine, summary }: Page): string {
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
      return `| \`${node.path.join('.')}\` | ${tags} | ${invokes} |`;
    });
  return [
    `# ${title}`,
    '',
    `<!-- Generated by scripts/machine-docs.ts from machines/${flow}.machine.ts. Do not edit by hand. -->`,
    '',
    summary,
    '',
    '```mermaid',
    diagram(root),
    '```',
    '',
    ...(everywhere.length > 0 ? ['Handled in every state:', '', ...everywhere, ''] : []),
    '| State | Tags | Invokes |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

const docsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'machines');
const check = process.argv.includes('--check');
mkdirSync(docsDir, { recursive: true });
let stale = 0;
for (const entry of pages) {
  const file = join(docsDir, `${entry.flow}.md`);
  const text = page(entry);
  if (check) {
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      // missing counts as stale
    }
    if (current !== text) {
      stale += 1;
      console.error(`out of date: docs/machines/${entry.flow}.md (run node --import tsx scripts/machine-docs.ts)`);
    }
  } else {
    writeFileSync(file, text);
    console.info(`wrote docs/machines/${entry.flow}.md`);
  }
}
if (stale > 0) process.exitCode = 1;
