// Types of platform-process.mjs for the TypeScript tests that start platform processes.

/** A free loopback port. */
export function freePort(): Promise<number>;

export interface StartedPlatform {
  /** http://127.0.0.1:<port> */
  base: string;
  pid: number | undefined;
  /** performance.now() when the process was spawned. */
  startedAt: number;
  /** SIGTERM, waits for the exit, removes the data folder. */
  stop: () => Promise<void>;
}

/** Starts `server/main.ts` with a throwaway data folder; resolves once it answers. */
export function startPlatform(options: { name: string; timeoutMs?: number; env?: Record<string, string> }): Promise<StartedPlatform>;
