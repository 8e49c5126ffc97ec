import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLOW_NAMES } from '../../machines/flows';

// docs/adding-a-flow.md: a flow's provided machine lives in src/app/flows/<flow name>.flow.ts, which
// src/app/flows/index.ts finds by that name when the flow's route loads it.
const modules = import.meta.glob<unknown>('../../src/app/flows/*.flow.ts', { import: 'provideFlow' });

describe("the flows' modules", () => {
  it('are one file per registry entry, named after it', () => {
    const files = readdirSync(resolve('src/app/flows')).filter((file) => file.endsWith('.flow.ts'));
    expect(files.map((file) => file.replace(/\.flow\.ts$/, '')).sort()).toEqual([...FLOW_NAMES].sort());
  });

  it.each(FLOW_NAMES)('%s exports its provided machine as provideFlow', async (flow) => {
    const load = modules[`../../src/app/flows/${flow}.flow.ts`];
    expect(load).toBeDefined();
    expect(typeof (await load?.())).toBe('function');
  });
});
