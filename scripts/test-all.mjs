// `npm test`: every check a change must pass, in the order that fails fastest, with one summary.
// lint + (type-check + machine docs + cycles + production build + API fuzz -> unit, machine and
// server tests) -> browser tests in a real Chromium + JS size budget. Stops at the first failing
// step. Steps joined by + run side by side on the machine's two cores; each step's output is
// printed whole when it ends, the unit and browser tests' as they go.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';
import { freePort } from './platform-process.mjs';

mkdirSync('.tmp', { recursive: true });

const timings = [];
function step(name, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${name} ${seconds}s`);
  if (result.status !== 0) {
    console.error(`\n${name} failed (exit ${result.status ?? result.signal}).`);
    console.log(`steps: ${timings.join(', ')}`);
    process.exit(result.status || 1);
  }
}

/**
 * Steps side by side ([name, command, args, { env, live, stoppable }]): each one's output is printed
 * when it ends (a `live` step's as it comes). A `stoppable` step runs in a process group of its own
 * and is stopped (with what it started: browsers, platforms) as soon as another step fails.
 * `launch` starts steps and returns at once; `finish` waits for launched steps and stops the run if
 * one failed; `together` is the two at once.
 */
const stoppable = new Set();
const stoppedHere = new Set();
let failing = false;
function stopRunning() {
  for (const child of stoppable) {
    stoppedHere.add(child);
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
// A step in a process group of its own does not get the terminal's Ctrl-C: pass it on.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopRunning();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

function launch(steps) {
  const started = Date.now();
  return steps.map(
    ([name, command, args, { env = {}, live = false, stoppable: canStop = false } = {}]) =>
      new Promise((resolve) => {
        if (live) console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
        const child = spawn(command, args, {
          env: { ...process.env, ...env },
          stdio: live ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
          detached: canStop,
        });
        if (canStop) stoppable.add(child);
        const output = [];
        child.stdout?.on('data', (chunk) => output.push(chunk));
        child.stderr?.on('data', (chunk) => output.push(chunk));
        child.on('close', (status, signal) => {
          stoppable.delete(child);
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          const stopped = stoppedHere.has(child);
          if (!live) {
            console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
            process.stdout.write(Buffer.concat(output));
          }
          timings.push(`${name} ${seconds}s${stopped ? ' (stopped)' : ''}`);
          if (status !== 0 && !stopped) {
            // Said here: a step launched earlier (lint) may fail while a later group is waited for.
            console.error(`\n${name} failed (exit ${status ?? signal}).`);
            if (!failing) stopRunning();
            failing = true;
          }
          resolve({ name, status, signal, stopped });
        });
      }),
  );
}

async function finish(launched) {
  const results = await Promise.all(launched);
  const failed = results.filter((result) => result.status !== 0 && !result.stopped);
  if (failed.length > 0 || failing) {
    console.log(`steps: ${timings.join(', ')}`);
    process.exit(failed[0]?.status || 1);
  }
}

const together = (steps) => finish(launch(steps));

const npx = 'npx';
// The route tree is generated (and git-ignored): write it first, lint and tsc read its types.
step('routes', 'node', ['scripts/gen-routes.mjs']);
// The checks of the code, with the production build and the API fuzz on what the checks leave of
// the two cores: none asserts anything about time, so sharing the cores only makes them take
// longer, and they are stopped as soon as one fails. Lint, the longest (typed rules, on one core),
// goes on beside the unit, machine and server tests: the other checks end a minute or more before
// it, and that minute the second core had nothing else to do. The build writes dist/, dist-ssr/ and
// the compiled catalogs (locales/*/messages.ts), which neither lint nor tsc reads; its route tree
// is the one written above (rewritten, if at all, by an atomic rename). The fuzz runs its platform
// in its process, from source, and writes .tmp/fuzz.json.
rmSync('.tmp/fuzz.json', { force: true });
const lint = launch([['lint', npx, ['eslint', '.', '--max-warnings=0'], { stoppable: true }]]);
await together([
  ['tsc', npx, ['tsc', '--noEmit']],
  ['machine docs', 'node', ['--import', 'tsx', 'scripts/machine-docs.ts', '--check']],
  // No import cycle (issue 22): madge exits 1 when it finds one.
  ['cycles', npx, ['madge', '--circular', '--extensions', 'ts,tsx', '--ts-config', 'tsconfig.json', 'machines', 'src', 'server']],
  ['build', 'npm', ['run', 'build'], { stoppable: true }],
  ['fuzz', 'npm', ['run', 'fuzz'], { stoppable: true }],
]);
rmSync('.tmp/vitest.json', { force: true });
// The unit, machine and server tests run before the browser tests, not beside them: side by side
// they saved minutes on a quiet machine, but on a busy one of two cores the browser tests' waits
// (a withdrawal's cancel, an SMS code, a lobby's grid) ran past their timeouts (a clean run at
// load 10-15: four browser tests failed). A green run is worth more than a short one.
await finish([
  ...lint,
  ...launch([['vitest', npx, ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=.tmp/vitest.json'], { live: true, stoppable: true }]]),
]);
ensureChromium();
rmSync('.tmp/playwright.json', { force: true });
// The size check (bytes, not time; its own platform on a free port) runs while the browser tests
// start theirs; either failing stops the other.
await together([
  ['e2e', npx, ['playwright', 'test'], { env: { E2E_PORT: String(await freePort()) }, live: true, stoppable: true }],
  ['size', 'node', ['scripts/size.mjs'], { stoppable: true }],
]);

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync('.tmp/vitest.json')) {
  const report = JSON.parse(readFileSync('.tmp/vitest.json', 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}
if (existsSync('.tmp/fuzz.json')) {
  // One test that sends its requests: counted as one, its request count on its own line.
  const fuzz = JSON.parse(readFileSync('.tmp/fuzz.json', 'utf8'));
  passed += fuzz.passed;
  failed += fuzz.failed;
  console.log(`fuzz: ${fuzz.requests} requests to ${fuzz.routes} routes, ${fuzz.fiveXX} 5xx, ${fuzz.leaks} leaks, ${fuzz.changed} changes by refused requests`);
}
if (existsSync('.tmp/playwright.json')) {
  const { stats } = JSON.parse(readFileSync('.tmp/playwright.json', 'utf8'));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  skipped += stats.skipped;
}
console.log(`\nsteps: ${timings.join(', ')}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
