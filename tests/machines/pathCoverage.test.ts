// The model-based helper must not flatter: it reports what no path reached, and fails a replay that
// does not do what the graph says.
import { setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { coverPaths, formatCoverage } from './lib/pathCoverage';

const steps = setup({
  types: { events: {} as { type: 'step.go' } | { type: 'step.next' } },
  guards: { open: () => true },
}).createMachine({
  id: 'steps',
  initial: 'first',
  states: {
    first: { on: { 'step.go': { guard: 'open', target: 'second' } } },
    second: { on: { 'step.next': 'third' } },
    third: { after: { 1000: 'first' } },
  },
});

describe('pathCoverage helper', () => {
  it('counts what the paths reached and names what they did not', async () => {
    const result = await coverPaths({ setup: () => ({ machine: steps, world: undefined }), events: [{ type: 'step.go' }] });
    expect(result).toMatchObject({ statesCovered: 2, statesTotal: 3, transitionsCovered: 1, transitionsTotal: 3 });
    expect(result.uncoveredStates).toEqual(['steps.third']);
    expect(result.uncoveredTransitions).toEqual(['steps.second --step.next--> steps.third', 'steps.third --xstate.after.1000.steps.third--> steps.first']);
    expect(formatCoverage('steps', result)).toBe('coverage steps: states 2/3 (67%), transitions 1/3 (33%), paths 1');
  });

  it('drives delayed transitions with the simulated clock and reaches everything when given every event', async () => {
    const result = await coverPaths({
      setup: () => ({ machine: steps, world: undefined }),
      events: [{ type: 'step.go' }, { type: 'step.next' }],
    });
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(3);
  });

  it('fails when the real actor does not end where the graph says', async () => {
    let calls = 0;
    // The traversal sees an open guard; the replayed actors see it closed.
    const drifting = () => {
      calls += 1;
      const open = calls === 1;
      return { machine: steps.provide({ guards: { open: () => open } }), world: undefined };
    };
    await expect(coverPaths({ setup: drifting, events: [{ type: 'step.go' }] })).rejects.toThrow(/step 1 \(step\.go\): expected/);
  });
});
