import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { languageSettingMachine, type LanguageSaveInput } from '../../machines/languageSetting.machine';
import { profileLanguageOf } from '../../machines/lib/account';
import { eventsIn, INPUT, offline, refused } from './lib/languageSetting.fixtures';
import { coverPaths, FakePromises, formatCoverage, type PathEvent } from './lib/pathCoverage';

// The language setting (issue 23; product.md §3 "Player profile": caf sent as fr, inen as en),
// walked to every state and transition: a pick among the market's languages (another market's is
// ignored), Save only for another language, the profile update with the language as the platform
// names it, a failed save kept for a retry, and the end with the language for the session.

type Machine = typeof languageSettingMachine;
type Snapshot = SnapshotFrom<Machine>;

function setupWith(fakes: FakePromises) {
  const machine = languageSettingMachine.provide({ actors: { saveLanguage: fakes.actor<unknown, LanguageSaveInput>() } });
  return { machine, world: {} };
}

describe('language setting machine (issue 23, product.md §3 "Player profile")', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    const result = await coverPaths<Machine, object>({
      setup: setupWith,
      input: INPUT,
      events: (snapshot: Snapshot) => eventsIn(snapshot.value) as PathEvent<Machine>[],
      check: (snapshot, { event, previous, fakes }) => {
        const { context } = snapshot;
        // Only the market's languages are ever chosen.
        expect(['ca', 'caf']).toContain(context.choice);
        expect(context.current).toBe('ca');
        switch (snapshot.value) {
          case 'editing':
            expect(snapshot.hasTag('saving')).toBe(false);
            expect(context.error).toBeNull();
            if (event.type === 'language.choose' && (event as { language: string }).language !== 'de') {
              expect(context.choice).toBe((event as { language: string }).language);
            }
            break;
          case 'saving':
            // Sent as the platform names it: caf → fr (product.md §3).
            expect(snapshot.hasTag('saving')).toBe(true);
            expect(context.choice).toBe('caf');
            expect(fakes.calls.at(-1)).toEqual({ id: 'saveLanguage', input: { playerId: 7, languageCode: 'fr' } });
            break;
          case 'failed':
            expect(snapshot.hasTag('failed')).toBe(true);
            if (previous?.value === 'saving') {
              const error = (event as { error: unknown }).error;
              expect(context.error).toEqual(
                error === offline ? { code: 'network', fieldErrors: [] } : error === refused ? { code: 'validation', fieldErrors: [{ field: 'languageCode', code: 'validation.language' }] } : null,
              );
            }
            break;
          case 'changed':
            expect(snapshot.status).toBe('done');
            expect(snapshot.output).toEqual({ outcome: 'changed', language: 'caf' });
            break;
          default:
            throw new Error(`unexpected state ${JSON.stringify(snapshot.value)}`);
        }
      },
    });
    console.info(formatCoverage('languageSetting', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  });

  it('names each language as the platform does: caf as fr, inen as en, the others as they are', () => {
    expect(profileLanguageOf('caf')).toBe('fr');
    expect(profileLanguageOf('inen')).toBe('en');
    expect(profileLanguageOf('ca')).toBe('ca');
    expect(profileLanguageOf('de')).toBe('de');
  });
});
