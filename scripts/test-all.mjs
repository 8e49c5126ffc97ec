// `npm test`: every check a change must pass, in the order that fails fastest, with one summary.
// lint + type-check + machine docs -> unit, machine and server tests -> API fuzz + production build
// -> JS size budget -> browser tests in a real Chromium. Stops at the first failing step. Steps joined
// by + run side by side (each mostly on one core; the machine has two), their output printed whole
// when each ends, so the suite stays well under 15 minutes.
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

/** Runs steps side by side; prints each one's output when it ends; stops after all if one failed. */
async function together(steps) {
  const started = Date.now();
  const results = await Promise.all(
    steps.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { env: process.env });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (status, signal) => {
            const seconds = ((Date.now() - started) / 1000).toFixed(1);
            console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
            process.stdout.write(Buffer.concat(output));
            timings.push(`${name} ${seconds}s`);
            resolve({ name, status, signal });
          });
        }),
    ),
  );
  const failed = results.filter((result) => result.status !== 0);
  if (failed.length > 0) {
    for (const result of failed) console.error(`\n${result.name} failed (exit ${result.status ?? result.signal}).`);
    console.log(`steps: ${timings.join(', ')}`);
    process.exit(failed[0].status || 1);
  }
}

const npx = 'npx';
// The route tree is generated (and git-ignored): write it first, lint and tsc read its types.
step('routes', 'node', ['scripts/gen-routes.mjs']);
await together([
  ['lint', npx, ['eslint', '.', '--max-warnings=0']],
  ['tsc', npx, ['tsc', '--noEmit']],
  ['machine docs', 'node', ['--import', 'tsx', 'scripts/machine-docs.ts', '--check']],
  // No import cycle (issue 22): madge exits 1 when it finds one.
  ['cycles', npx, ['madge', '--circular', '--extensions', 'ts,tsx', '--ts-config', 'tsconfig.json', 'machines', 'src', 'server']],
]);
rmSync('.tmp/vitest.json', { force: true });
step('vitest', npx, ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=.tmp/vitest.json']);
rmSync('.tmp/fuzz.json', { force: true });
// The fuzz runs the platform from source, the build writes dist/: they share nothing.
await together([
  ['fuzz', 'npm', ['run', 'fuzz']],
  ['build', 'npm', ['run', 'build']],
]);
ensureChromium();
step('size', 'node', ['scripts/size.mjs']);
rmSync('.tmp/playwright.json', { force: true });
step('e2e', npx, ['playwright', 'test'], { E2E_PORT: String(await freePort()) });

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
