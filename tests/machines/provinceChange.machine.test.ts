import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { ProvinceCode } from '../../machines/lib/address';
import { provinceChangeMachine } from '../../machines/provinceChange.machine';
import { CANADIAN, FINNISH, provinceEventsIn, refusedProvince } from './lib/addressChange.fixtures';
import { coverPaths, FakePromises, formatCoverage, mergeCoverage, settle, type PathEvent } from './lib/pathCoverage';

// The province flow (issue 23; product.md §3 "Account details": "province forms", "Canadian
// provinces list (Ontario is ON)"; behaviour.md §8 "General": the province action stores a backend
// error), walked to every state and transition for a Canadian player and a Finnish one: no form and
// no call outside Canada; the load and its retry; a pick among the 13 (another code is ignored); Save
// only for another province; the session told after a save; a failed save kept for a retry.

type Machine = typeof provinceChangeMachine;
type Snapshot = SnapshotFrom<Machine>;

/** The walk counts the session's tellings (the real action, sendParent, has no parent in a walk; the last test uses it). */
function setupWith(fakes: FakePromises, tellings?: number[]) {
  const actors = {
    loadProvince: fakes.actor<ProvinceCode | null>(),
    saveProvince: fakes.actor<ProvinceCode | null, ProvinceCode>(),
  };
  const machine = tellings === undefined ? provinceChangeMachine.provide({ actors }) : provinceChangeMachine.provide({ actors, actions: { tellSession: () => void tellings.push(1) } });
  return { machine, world: { tellings: tellings ?? [] } };
}

function walk(input: typeof CANADIAN) {
  return coverPaths<Machine, { tellings: number[] }>({
    setup: (fakes) => setupWith(fakes, []),
    input,
    events: (snapshot: Snapshot) => provinceEventsIn(snapshot.value) as PathEvent<Machine>[],
    check: (snapshot, { event, previous, fakes, world, path, index }) => {
      const { context } = snapshot;
      const error = event.type.startsWith('xstate.error.actor.') ? (event as { error: unknown }).error : null;
      // The session is told once per stored province, and only then.
      expect(world.tellings).toHaveLength(path.events.slice(0, index).filter((step) => step.type === 'xstate.done.actor.saveProvince').length);
      // Only the 13 codes are ever chosen.
      if (context.choice !== null) expect(['ON', 'QC']).toContain(context.choice);
      switch (snapshot.value) {
        case 'notApplicable':
          // Not a Canadian player: no form, nothing asked, and nothing the player does changes it.
          expect(context.countryCode).toBe('FI');
          expect(snapshot.hasTag('notApplicable')).toBe(true);
          expect(fakes.calls).toEqual([]);
          expect(context.choice).toBeNull();
          break;
        case 'loading':
          expect(context.countryCode).toBe('CA');
          expect(snapshot.hasTag('loading')).toBe(true);
          expect(context.error).toBeNull();
          expect(fakes.isPending('loadProvince')).toBe(true);
          break;
        case 'loadFailed':
          expect(snapshot.hasTag('loadFailed')).toBe(true);
          expect(context.error).toEqual({ code: 'network', fieldErrors: [] });
          break;
        case 'editing':
          expect(snapshot.hasTag('editable')).toBe(true);
          expect(context.stored).toBe(previous?.value === 'loading' ? 'ON' : previous?.context.stored);
          if (event.type === 'province.choose' && (event as { provinceCode: string }).provinceCode !== 'XX') {
            expect(context.choice).toBe((event as { provinceCode: string }).provinceCode);
          }
          // Save only for a province other than the stored one.
          expect(snapshot.can({ type: 'province.save' })).toBe(context.choice !== context.stored);
          break;
        case 'saving':
          expect(snapshot.hasTag('saving')).toBe(true);
          expect(context.error).toBeNull();
          // The chosen province is sent, never the stored one again.
          expect(fakes.calls.at(-1)).toEqual({ id: 'saveProvince', input: previous?.context.choice });
          expect(previous?.context.choice).not.toBe(previous?.context.stored);
          break;
        case 'saved':
          // Stored; the session was told (profile.reload) so the profile shows it.
          expect(snapshot.hasTag('saved')).toBe(true);
          expect(context.stored).toBe('QC');
          expect(context.choice).toBe('QC');
          expect(snapshot.can({ type: 'province.save' })).toBe(false);
          break;
        case 'saveFailed':
          expect(snapshot.hasTag('saveFailed')).toBe(true);
          if (previous?.value === 'saving') {
            expect(context.error).toEqual(
              error === refusedProvince ? { code: 'validation', fieldErrors: [{ field: 'provinceCode', code: 'validation.province' }] } : { code: 'network', fieldErrors: [] },
            );
            expect(context.choice).toBe(previous.context.choice);
          } else {
            expect(context.error).toEqual(previous?.context.error);
          }
          break;
        default:
          throw new Error(`unexpected state ${JSON.stringify(snapshot.value)}`);
      }
    },
  });
}

describe('province machine (issue 23, product.md §3 "Canadian provinces list (Ontario is ON)")', () => {
  it('reaches every state and transition (a Canadian player and a Finnish one), and each state shows what it promises', async () => {
    const result = mergeCoverage([await walk(CANADIAN), await walk(FINNISH)]);
    console.info(formatCoverage('provinceChange', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  });

  it('tells the session after a save (profile.reload), so the profile shows the new province', async () => {
    const { createActor, createMachine, sendTo } = await import('xstate');
    const fakes = new FakePromises();
    const heard: string[] = [];
    const child = setupWith(fakes).machine;
    const parent = createMachine({
      invoke: { id: 'province', src: child, input: CANADIAN },
      on: { 'profile.reload': { actions: () => heard.push('profile.reload') }, forward: { actions: sendTo('province', ({ event }) => (event as unknown as { inner: never }).inner) } },
    });
    const actor = createActor(parent).start();
    fakes.resolve('loadProvince', 'ON');
    await settle();
    actor.send({ type: 'forward', inner: { type: 'province.choose', provinceCode: 'QC' } });
    actor.send({ type: 'forward', inner: { type: 'province.save' } });
    expect(heard).toEqual([]);
    fakes.resolve('saveProvince', 'QC');
    await settle();
    expect(heard).toEqual(['profile.reload']);
    actor.stop();
  });
});
