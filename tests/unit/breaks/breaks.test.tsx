import { i18n } from '@lingui/core';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { activityTimerMachine } from '../../../machines/activityTimer.machine';
import { exclusionMachine, type BreakRequest } from '../../../machines/exclusion.machine';
import { parseLoginErrorCode } from '../../../machines/lib/loginErrors';
import type { sessionMachine } from '../../../machines/session.machine';
import type { ActivitySettings, ActivitySummary, BreakResponse, MinutesRemaining } from '../../../src/api/responsibleGambling';
import { loginErrorMessage } from '../../../src/features/auth/errorMessages';
import { BreaksSection } from '../../../src/features/breaks/BreaksSection';
import { RealityCheckDialog } from '../../../src/features/breaks/RealityCheckDialog';
import { lengthLabel, playedFor } from '../../../src/features/breaks/texts';
import { TOAST_TEXTS } from '../../../src/ui/toastMessages';
import { activateEnglish, renderWithI18n } from '../app/render';

const SUMMARY: ActivitySummary = {
  settings: { intervalMinutes: 60, activityTimerOn: true },
  currency: 'EUR',
  sessionStartedAt: new Date(Date.now() - 65 * 60_000).toISOString(),
  turnover: '120.00',
  winnings: '95.50',
  delta: '-24.50',
  limitWarnings: [],
};

const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
const actors: { stop: () => void }[] = [];
afterEach(() => {
  cleanup();
  for (const actor of actors.splice(0)) actor.stop();
});

/** A timer whose platform says the time is up at once; the summary answers `summary` (or fails). */
function dueTimer(summary: ActivitySummary | null) {
  const sent: string[] = [];
  const actor = createActor(
    activityTimerMachine.provide({
      actors: {
        loadTimerSettings: fromPromise(() => Promise.resolve<ActivitySettings>({ intervalMinutes: 60, activityTimerOn: true })),
        fetchMinutesRemaining: fromPromise(() => Promise.resolve<MinutesRemaining>({ minutesRemaining: 0 })),
        fetchActivitySummary: fromPromise(() => (summary === null ? Promise.reject(new Error('Network Error')) : Promise.resolve(summary))),
        resetActivityTimer: fromPromise(() => new Promise<MinutesRemaining>(() => undefined)),
      },
      actions: { openLimitsPage: () => sent.push('openLimits') },
    }),
  ).start();
  actors.push(actor);
  return { actor, sent };
}

describe('the reality check (session-timeout modal)', () => {
  it('shows the time played, the stakes, the winnings and the net result, and cannot be dismissed', async () => {
    const { actor, sent } = dueTimer(SUMMARY);
    await settle();
    renderWithI18n(<RealityCheckDialog timer={actor} langMarket={{ language: 'en', market: 'GG' }} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Reality check' });
    expect(within(dialog).getByText('1 hour 5 minutes')).toBeTruthy();
    expect(within(dialog).getByText('€120.00')).toBeTruthy();
    expect(within(dialog).getByText('€95.50')).toBeTruthy();
    expect(within(dialog).getByTestId('reality-check-delta').textContent).toBe('-€24.50');
    // No close button; Escape does not close it.
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(actor.getSnapshot().hasTag('realityCheck')).toBe(true);

    const link = within(dialog).getByRole('link', { name: 'Review my gambling limits' });
    expect(link.getAttribute('href')).toBe('/en-GG/my-account/gambling-limits');
    fireEvent.click(link);
    expect(sent).toEqual(['openLimits']);
    expect(actor.getSnapshot().value).toBe('resetting');
  });

  it('says the figures could not be loaded, and still offers Continue and Log out', async () => {
    const { actor } = dueTimer(null);
    await settle();
    renderWithI18n(<RealityCheckDialog timer={actor} langMarket={{ language: 'en', market: 'UN' }} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Reality check' });
    expect(dialog.textContent).toContain('you asked for one every 60 minutes. We could not load your session figures just now.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(actor.getSnapshot().output).toEqual({ outcome: 'logout' });
  });
});

/** The session as the section sees it: its context's exclusion flow. */
function sessionWith(flow: ActorRefFrom<typeof exclusionMachine>) {
  const snapshot = { context: { flows: { exclusion: flow } } };
  return { getSnapshot: () => snapshot, subscribe: () => ({ unsubscribe: () => undefined }) } as unknown as ActorRefFrom<typeof sessionMachine>;
}

describe('the breaks section', () => {
  it('chooses a length in one of three labelled groups, confirms with what will happen, and sends the request', async () => {
    const requests: BreakRequest[] = [];
    const flow = createActor(
      exclusionMachine.provide({
        actors: {
          loadTimeoutChoices: fromPromise(() => Promise.resolve<readonly number[]>([1, 2, 3])),
          requestBreak: fromPromise<BreakResponse, BreakRequest>(({ input }) => {
            requests.push(input);
            return new Promise(() => undefined);
          }),
        },
      }),
      { input: { panic: false, market: 'CA' } },
    ).start();
    actors.push(flow);
    await settle();
    renderWithI18n(<BreaksSection session={sessionWith(flow)} />);
    for (const legend of ['Cooling-off', 'Time-out', 'Self-exclusion']) expect(screen.getByRole('group', { name: legend })).toBeTruthy();

    // Nothing chosen: a message, no request.
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose how long your break should be.');
    expect(flow.getSnapshot().value).toBe('choosing');

    fireEvent.click(within(screen.getByRole('group', { name: 'Self-exclusion' })).getByRole('radio', { name: '6 months' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await settle();
    expect(screen.getByRole('heading', { name: 'Please confirm: Self-exclusion, 6 months' })).toBe(document.activeElement);
    expect(screen.getByText('Your balance will be paid back to the payment method you last deposited with.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start my break now' }));
    await settle();
    expect(requests).toEqual([{ call: 'exclusion', body: { exclusionInMonths: 6, exclusionDelayInHours: 0 } }]);
    expect(screen.getByRole('button', { name: 'Starting…' })).toHaveProperty('disabled', true);
  });

  it('shows a translated error with Try again and Back', async () => {
    const flow = createActor(
      exclusionMachine.provide({
        actors: {
          loadTimeoutChoices: fromPromise(() => Promise.resolve<readonly number[]>([1, 2, 3])),
          requestBreak: fromPromise<BreakResponse, BreakRequest>(() => Promise.reject(Object.assign(new Error('offline'), { kind: 'network' }))),
        },
      }),
      { input: { panic: true, market: 'JJ' } },
    ).start();
    actors.push(flow);
    await settle();
    renderWithI18n(<BreaksSection session={sessionWith(flow)} />);
    expect(screen.getByRole('alert').textContent).toBe('We could not reach the server. Check your connection and try again.');
    expect(screen.getByRole('heading', { name: 'Please confirm: Cooling-off, 1 day' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(flow.getSnapshot().value).toBe('choosing');
  });
});

describe('the texts', () => {
  it('says lengths and durations with plurals', () => {
    activateEnglish();
    expect(lengthLabel(i18n, { kind: 'coolingOff', days: 1 })).toBe('1 day');
    expect(lengthLabel(i18n, { kind: 'timeout', months: 3 })).toBe('3 months');
    expect(lengthLabel(i18n, { kind: 'exclusion', months: 'indefinite' })).toBe('Indefinitely');
    expect(playedFor(i18n, 45)).toBe('45 minutes');
    expect(playedFor(i18n, 61)).toBe('1 hour 1 minute');
  });

  it('refuses a login during a cooling-off, a time-out or an exclusion with the days left (behaviour.md §8 "Login")', () => {
    activateEnglish();
    expect(loginErrorMessage(i18n, parseLoginErrorCode('code:error.timeout.in.progress:days:1:isCooling:true:initiator:PLAYER'))).toBe(
      'Your cooling-off ends in 1 day',
    );
    expect(loginErrorMessage(i18n, parseLoginErrorCode('code:error.timeout.in.progress:days:30'))).toBe('Your time-out ends in 30 days');
    expect(loginErrorMessage(i18n, parseLoginErrorCode('code:error.exclusion.in.progress:days:181'))).toBe(
      'You have excluded yourself from playing. Your exclusion ends in 181 days',
    );
  });

  it('says in the toast until when the break lasts', () => {
    activateEnglish();
    const until = '2026-12-25T12:00:00.000Z';
    const text = i18n._({ ...TOAST_TEXTS['break.started'], values: { until } });
    const day = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(until));
    expect(text).toContain(day);
    expect(text).not.toContain('{');
    expect(i18n._({ ...TOAST_TEXTS['exclusion.started'], values: { until } })).toContain(day);
  });
});
