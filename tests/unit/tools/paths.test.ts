// @vitest-environment node
// The QA tools of issue 22 (docs/qa-and-product-tools.md): scripts/lib/machinePaths.ts and
// `npm run paths` (scripts/paths.ts). They must fail here when they stop generating what they say.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { setup, type EventObject } from 'xstate';
import { afterAll, describe, expect, it } from 'vitest';
import { depositMachine } from '../../../machines/deposit.machine';
import { describeEvent, flowPaths, machinePaths } from '../../../scripts/lib/machinePaths';
import { runPaths } from '../../../scripts/paths';

const steps = setup({ types: { events: {} as { type: 'go'; to: string } | { type: 'back' } } }).createMachine({
  id: 'steps',
  description: 'Two steps and a way back.',
  initial: 'first',
  states: {
    first: { description: 'The first step.', on: { go: { guard: ({ event }) => event.to === 'second', target: 'second' } } },
    second: { description: 'The second step.', on: { back: 'first' }, after: { 1000: 'done' } },
    done: { type: 'final', description: 'The end.' },
  },
});

const dirs = mkdtempSync(join(tmpdir(), 'paths-test-'));
afterAll(() => rmSync(dirs, { recursive: true, force: true }));

describe('machinePaths', () => {
  it('walks every state and transition of a machine with the model\'s samples, step by step with each state\'s description', async () => {
    const samples: EventObject[] = [{ type: 'go', to: 'nowhere' } as EventObject, { type: 'go', to: 'second' } as EventObject];
    const result = await machinePaths(steps, { events: { go: samples } });
    expect(result.description).toBe('Two steps and a way back.');
    expect(result.counts).toEqual({ states: 3, statesReached: 3, transitions: 3, transitionsTaken: 3, paths: 2 });
    expect(result.problems).toEqual([]);
    const readable = result.paths.map((path) => path.steps.map((step) => `${describeEvent(step.event, steps)} → ${step.state}: ${String(step.description)}`));
    expect(readable).toHaveLength(2);
    expect(readable).toEqual(
      expect.arrayContaining([
        ['start → first: The first step.', "send go { to: 'second' } → second: The second step.", 'send back → first: The first step.'],
        ['start → first: The first step.', "send go { to: 'second' } → second: The second step.", 'after 1000 ms → done: The end.'],
      ]),
    );
  });

  it('says what it could not walk instead of inventing paths', async () => {
    const result = await machinePaths(steps, { events: { go: [] } });
    expect(result.counts.statesReached).toBe(1);
    expect(result.uncoveredStates).toEqual(['steps.second', 'steps.done']);
  });

  it('generates paths for deposit that reach every state of the machine, each step naming its state and what it promises', { timeout: 60_000 }, async () => {
    const result = await flowPaths('deposit');
    const states = Object.keys(depositMachine.root.states);
    expect(result.problems).toEqual([]);
    expect(result.counts.states).toBe(states.length);
    expect(result.uncoveredStates).toEqual([]);
    expect(result.counts.statesReached).toBe(result.counts.states);
    // Every state a step can rest in appears as a step's state; transient ones (`always` only) are
    // counted from the transitions that leave them.
    const resting = states.filter((key) => (depositMachine.root.states[key]?.always ?? []).length === 0);
    const reached = new Set(result.paths.flatMap((path) => path.steps.map((step) => step.state)));
    expect([...reached].sort()).toEqual(resting.sort());
    for (const path of result.paths) {
      expect(path.steps[0]?.event.type).toBe('xstate.init');
      for (const step of path.steps) expect(step.description).toBe(depositMachine.root.states[step.state]?.description ?? null);
    }
    // The cashier's happy path is among them: an amount, a method, submit, the provider's page.
    const happy = result.paths.find((path) => path.steps.some((step) => step.state === 'redirecting'));
    expect(happy?.steps.map((step) => step.event.type)).toEqual(
      expect.arrayContaining(['amount.change', 'method.select', 'deposit.submit', 'xstate.done.actor.requestDeposit']),
    );
  });
});

describe('npm run paths', () => {
  const to = { paths: join(dirs, 'paths'), skeletons: join(dirs, 'generated') };

  it('lists the flows without an argument', async () => {
    const run = await runPaths([], to);
    expect(run.code).toBe(0);
    expect(run.out).toContain('  deposit');
    expect(run.out).toContain('  signup');
  });

  it('refuses an unknown flow with exit code 2 and names the flows', async () => {
    const run = await runPaths(['nosuchflow'], to);
    expect(run.code).toBe(2);
    expect(run.err.join('\n')).toMatch(/Unknown flow "nosuchflow"\. Flows: .*deposit/);
    expect(run.written).toEqual([]);
  });

  it('prints deposit\'s paths as numbered steps, writes them for a tester and writes Playwright skeletons', { timeout: 60_000 }, async () => {
    const run = await runPaths(['deposit', '--playwright'], to);
    expect(run.code).toBe(0);
    const printed = run.out.join('\n');
    expect(printed).toMatch(/^deposit: \d+ paths; states reached (\d+)\/\1, transitions taken/);
    expect(printed).toContain('  Start → checking: ');
    expect(printed).toMatch(/\n {2}\d+\. send amount\.change \{ value: '50' \} → form: \S/);
    expect(printed).toMatch(/\n {2}\d+\. checkDeposit answers \{ .*'SUCCESS'.* → loadingMethods: /);

    const file = join(to.paths, 'deposit.md');
    expect(run.written).toEqual([file, join(to.skeletons, 'deposit.paths.spec.ts')]);
    expect(readFileSync(file, 'utf8')).toContain('## Path 1\n\nStart → checking: ');

    const spec = readFileSync(join(to.skeletons, 'deposit.paths.spec.ts'), 'utf8');
    // Skipped by the suite until a tester makes a test of it.
    expect(spec).toContain("test.describe.fixme('deposit: generated paths'");
    // The screens by role and name, from the English catalog.
    expect(spec).toContain("await page.getByRole('textbox', { name: /^(?:Amount \\(.+\\))$/ }).fill('50');");
    expect(spec).toContain("await page.getByRole('radio', { name: 'Visa' }).check();");
    expect(spec).toContain("await page.getByRole('button', { name: /^(?:Deposit .+|Continue to payment)$/ }).click();");
    // What no control does is said, not guessed.
    expect(spec).toMatch(/\/\/ The platform: checkDeposit answers \{ .*'SUCCESS'/);
    expect(spec).toContain("await logIn(page, 'player@example.com');");
  });

  it('exits 2 from the command line for an unknown flow', { timeout: 60_000 }, async () => {
    const error = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/paths.ts', 'nosuchflow']).then(
      () => null,
      (failure: unknown) => failure as { code: number; stderr: string },
    );
    expect(error?.code).toBe(2);
    expect(error?.stderr).toContain('Unknown flow "nosuchflow"');
    expect(existsSync('.tmp/paths/nosuchflow.md')).toBe(false);
  });
});
