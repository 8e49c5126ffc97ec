// @vitest-environment node
// The QA tools of issue 22 (docs/qa-and-product-tools.md): scripts/lib/machinePaths.ts and
// `npm run paths` (scripts/paths.ts). They must fail here when they stop generating what they say:
// every flow of the registry and every other machine walks to all its states and transitions with
// its model (scripts/lib/pathModels.ts), and the form flows' skeletons name their controls.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { setup, type EventObject } from 'xstate';
import { afterAll, describe, expect, it } from 'vitest';
import { depositMachine } from '../../../machines/deposit.machine';
import { FLOW_NAMES, FLOWS } from '../../../machines/flows';
import { describeEvent, flowNames, flowPaths, machineNames, machinePaths, type MachinePaths } from '../../../scripts/lib/machinePaths';
import { PATH_MODELS } from '../../../scripts/lib/pathModels';
import { accessibleName, FLOW_UIS, messageText } from '../../../scripts/lib/uiActions';
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
    // The cashier's happy path is among them: an amount, submit (the recent method chosen), the provider's page.
    const happy = result.paths.find((path) => path.steps.some((step) => step.state === 'redirecting'));
    expect(happy?.steps.map((step) => step.event.type)).toEqual(expect.arrayContaining(['amount.change', 'deposit.submit', 'xstate.done.actor.requestDeposit']));
    expect(result.paths.some((path) => path.steps.some((step) => step.event.type === 'method.select'))).toBe(true);
  });
});

/** A walk that reached every state and took every transition of the machine, each path from its start. */
function checkWalk(name: string, result: MachinePaths) {
  expect(result.problems, name).toEqual([]);
  expect(result.uncoveredStates, `${name}: states no path reaches`).toEqual([]);
  expect(result.uncoveredTransitions, `${name}: transitions no path takes`).toEqual([]);
  expect(result.counts.statesReached).toBe(result.counts.states);
  expect(result.counts.transitionsTaken).toBe(result.counts.transitions);
  expect(result.paths.length).toBeGreaterThan(0);
  for (const path of result.paths) expect(path.steps[0]?.event.type).toBe('xstate.init');
}

describe('every flow of the registry and every other machine has a model', () => {
  it('lists every flow of the registry, then the other machines (not the session)', async () => {
    expect(await flowNames()).toEqual(FLOW_NAMES);
    const machines = await machineNames();
    expect(machines).toEqual(expect.arrayContaining(['login', 'codeVerification', 'cashierCheck', 'activityTimer', 'idle', 'wallet', 'accessCheck', 'cookieConsent', 'toast']));
    expect(machines).not.toContain('session');
    for (const flow of FLOW_NAMES) expect(machines).not.toContain(flow);
    for (const name of [...FLOW_NAMES, ...machines]) expect(PATH_MODELS[name], `scripts/lib/pathModels.ts has no model for ${name}`).toBeDefined();
  });

  it.each(FLOW_NAMES)('%s: its paths reach every state and take every transition', { timeout: 120_000 }, async (flow) => {
    const [machine, result] = await Promise.all([FLOWS[flow].machine(), flowPaths(flow)]);
    checkWalk(flow, result);
    expect(result.machineId).toBe(machine.id);
  });

  it.each(['login', 'codeVerification', 'cashierCheck', 'activityTimer', 'idle', 'wallet', 'accessCheck', 'cookieConsent', 'toast'])(
    '%s: its paths reach every state and take every transition',
    { timeout: 120_000 },
    async (name) => {
      checkWalk(name, await flowPaths(name));
    },
  );
});

describe('npm run paths', () => {
  const to = { paths: join(dirs, 'paths'), skeletons: join(dirs, 'generated') };

  it('lists the flows without an argument, then the other machines', async () => {
    const run = await runPaths([], to);
    expect(run.code).toBe(0);
    expect(run.out).toContain('  deposit');
    expect(run.out).toContain('  signup');
    const machines = run.out.indexOf('Other machines (npm run paths <machine>):');
    expect(machines).toBeGreaterThan(run.out.indexOf('  exclusion'));
    expect(run.out.slice(machines)).toContain('  login');
    expect(run.out.slice(machines)).toContain('  wallet');
  });

  it('refuses an unknown flow with exit code 2 and names the flows and machines', async () => {
    const run = await runPaths(['nosuchflow'], to);
    expect(run.code).toBe(2);
    expect(run.err.join('\n')).toMatch(/Unknown flow "nosuchflow"\. Flows: .*deposit.*\. Other machines: .*login/);
    expect(run.written).toEqual([]);
  });

  it('prints the paths of a machine outside the registry', { timeout: 60_000 }, async () => {
    const run = await runPaths(['login'], to);
    expect(run.code).toBe(0);
    const printed = run.out.join('\n');
    expect(printed).toMatch(/^login: \d+ paths; states reached (\d+)\/\1, transitions taken (\d+)\/\2/);
    expect(printed).toContain("1. send form.submit { email: ' player@example.com ', password: 'Aurora-Player-1' } → submitting: ");
    expect(run.written).toEqual([join(to.paths, 'login.md')]);
  });

  it('writes skeletons that drive the form flows by role and name from the English catalog', { timeout: 120_000 }, async () => {
    const spec = async (flow: string) => {
      const run = await runPaths([flow, '--playwright'], to);
      expect(run.code).toBe(0);
      return readFileSync(join(to.skeletons, `${flow}.paths.spec.ts`), 'utf8');
    };
    const withdraw = await spec('withdraw');
    expect(withdraw).toContain("await page.goto('/en-UN/my-account/banking/withdraw');");
    expect(withdraw).toContain("await page.getByRole('textbox', { name: /^(?:Amount \\(.+\\))$/ }).fill('50');");
    expect(withdraw).toContain("await page.getByRole('radio', { name: 'Visa' }).check();");
    expect(withdraw).toContain("await page.getByRole('button', { name: /^(?:Request withdrawal)$/ }).click();");
    expect(withdraw).toContain(
      "await page.getByRole('listitem').filter({ hasText: 'wd-1' }).getByRole('button', { name: /^(?:Cancel withdrawal)$/ }).click();",
    );
    expect(withdraw).toContain("await page.getByRole('region', { name: /^(?:Pending withdrawals)$/ }).getByRole('button', { name: /^(?:Try again)$/ }).click();");

    const signup = await spec('signup');
    expect(signup).toContain("await page.getByRole('checkbox', { name: /^(?:I am not a robot)$/ }).check();");
    expect(signup).toContain("await page.getByRole('textbox', { name: /^(?:E-mail)$/ }).fill('aino@');");
    expect(signup).toContain("await page.getByRole('button', { name: /^(?:Continue|Create account|Try again)$/ }).click();");
    expect(signup).toContain("await page.getByRole('textbox', { name: /^(?:Verification code)$/ }).fill(");
    expect(signup).not.toContain('await logIn(');

    const limits = await spec('gamblingLimits');
    expect(limits).toContain("await logIn(page, 'de@example.com');");
    expect(limits).toContain(
      "await page.getByRole('listitem', { name: /^(?:Daily deposit limit)$/ }).getByRole('button', { name: /^(?:Set a limit|Change limit)$/ }).click();",
    );
    expect(limits).toContain("await page.getByRole('region', { name: /^(?:Reality check reminders)$/ }).getByRole('radio', { name: /^Every 30 minutes$/ }).check();");

    const exclusion = await spec('exclusion');
    expect(exclusion).toContain("await page.getByRole('group', { name: /^(?:Time-out)$/ }).getByRole('radio', { name: /^3 months$/ }).check();");
    expect(exclusion).toContain("await page.getByRole('button', { name: /^(?:Start my break now)$/ }).click();");

    const history = await spec('transactionHistory');
    expect(history).toContain(
      "await page.getByRole('combobox', { name: /^(?:Category)$/ }).selectOption('PAYMENT'); await page.getByRole('combobox', { name: /^(?:Status)$/ }).selectOption(''); await page.getByRole('combobox', { name: /^(?:Time frame)$/ }).selectOption('72'); await page.getByRole('button', { name: /^(?:Apply filters)$/ }).click();",
    );

    const payAndPlay = await spec('payAndPlay');
    expect(payAndPlay).toContain("await page.getByRole('textbox', { name: /^(?:Or enter an amount \\(.+\\))$/ }).fill('20');");
    expect(payAndPlay).toContain("await page.getByRole('combobox', { name: /^(?:Limit period)$/ }).selectOption('W');");

    // Every event these flows' players send is mapped: no step is left as a TODO.
    for (const text of [withdraw, signup, limits, exclusion, history, payAndPlay]) expect(text).not.toContain('// TODO');
  });

  it('names controls by the English text of their message, tags and plurals included', () => {
    expect(accessibleName(['signup.terms.label'])).toBe('/^(?:I am 18 or older and accept the terms and conditions \\(opens in a new tab\\))$/');
    expect(messageText('breaks.length.months', { months: 1 })).toBe('1 month');
    expect(messageText('breaks.length.months', { months: 6 })).toBe('6 months');
    expect(() => accessibleName(['no.such.message'])).toThrow(/no message no\.such\.message/);
    // Every control of every mapped flow names a message the catalog has.
    for (const ui of Object.values(FLOW_UIS)) {
      for (const action of Object.values(ui.actions)) if ('names' in action) expect(() => accessibleName(action.names)).not.toThrow();
    }
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
