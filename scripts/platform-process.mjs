// Shared by the size, bench and test scripts: a free loopback port, and the production platform
// (`server/main.ts`) started on it with a throwaway database, stopped and cleaned up on request.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the platform and resolves once it answers; `startedAt` is when the process was spawned. */
export async function startPlatform({ name, timeoutMs = 60_000, env = {} }) {
  const port = await freePort();
  const dataDir = `.tmp/${name}-data-${process.pid}`;
  const startedAt = performance.now();
  // PLATFORM_NODE_ARGS: extra Node.js flags for the platform process (e.g. "--cpu-prof" to profile a bench).
  const nodeArgs = (process.env.PLATFORM_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn('node', [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.on('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (;;) {
    try {
      if ((await fetch(`${base}/api/content/markets`)).ok) break;
    } catch {
      /* still starting */
    }
    if (child.exitCode !== null || performance.now() - startedAt > timeoutMs) {
      await stop();
      throw new Error('the platform did not start');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { base, pid: child.pid, startedAt, stop };
}
