import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { gamblingLimitsMachine, type LimitPatchInput, type LimitsLoad } from '../../../machines/gamblingLimits.machine';
import { marketRgRules } from '../../../machines/lib/responsibleGambling';
import type { ActivitySettings, ActivitySettingsPatch, Limit, LimitsResponse } from '../../../src/api/responsibleGambling';
import { Countdown } from '../../../src/features/limits/Countdown';
import { LimitCard } from '../../../src/features/limits/LimitCard';
import { moneyFormat } from '../../../src/ui/money';
import { renderWithI18n } from '../app/render';

// One limit on the gambling limits page (product.md §3): its figures, the 80 % warning, a pending
// change with its date and countdown, and the controls the platform's state allows.

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const limit = (duration: Limit['duration'], value: string | null, extra: Partial<Limit> = {}): Limit => ({
  duration,
  value,
  used: '0.00',
  remaining: value,
  startedAt: value === null ? null : '2026-11-20T10:00:00.000Z',
  resetAt: value === null ? null : '2026-12-20T10:00:00.000Z',
  updatedAt: value === null ? null : '2026-11-20T10:00:00.000Z',
  pendingValue: null,
  pendingDelete: false,
  pendingDate: null,
  locked: false,
  warning: false,
  ...extra,
});
const response = (limits: Limit[]): LimitsResponse => ({ currency: 'EUR', limits });

async function flowWith(load: LimitsLoad) {
  const patches: LimitPatchInput[] = [];
  const machine = gamblingLimitsMachine.provide({
    actors: {
      loadLimits: fromPromise(() => Promise.resolve(load)),
      patchLimit: fromPromise<LimitsResponse, LimitPatchInput>(({ input }) => {
        patches.push(input);
        return new Promise(() => undefined);
      }),
      loadActivitySettings: fromPromise<ActivitySettings>(() => Promise.resolve({ intervalMinutes: 120, activityTimerOn: true })),
      patchActivitySettings: fromPromise<ActivitySettings, ActivitySettingsPatch>(() => new Promise(() => undefined)),
    },
  });
  const actor = createActor(machine, { input: { market: 'JJ' } }).start();
  await act(async () => {
    await Promise.resolve();
  });
  return { actor, patches };
}

const money = moneyFormat('en', 'EUR');

describe('a limit of one period', () => {
  it('shows its figures, the 80 % warning and a pending raise, which can be cancelled', async () => {
    const spend = response([
      limit('D', null),
      limit('W', null),
      limit('M', '200.00', { used: '170.00', remaining: '30.00', warning: true, pendingValue: '300.00', pendingDate: '2026-11-21T12:00:00.000Z' }),
    ]);
    const { actor, patches } = await flowWith({ deposit: response([limit('D', null), limit('W', null), limit('M', null)]), spend, rules: marketRgRules('JJ') });
    renderWithI18n(<LimitCard flow={actor} kind="spend" duration="M" money={money} locale="en" />);
    const card = screen.getByRole('listitem', { name: 'Monthly loss limit' });
    expect(within(card).getByTestId('limit-value').textContent).toBe('€200.00');
    expect(within(card).getByTestId('limit-remaining').textContent).toBe('€30.00');
    expect(within(card).getByTestId('limit-warning').textContent).toBe('You have used 80% or more of this limit in the current period.');
    const pending = within(card).getByTestId('limit-pending');
    expect(pending.textContent).toMatch(/Your limit changes to €300\.00 on 21\/11\/2026 \d{1,2}:00/);
    // Every date is a <time> with its instant.
    expect(card.querySelectorAll('time[datetime]').length).toBeGreaterThanOrEqual(3);

    fireEvent.click(within(pending).getByRole('button', { name: 'Cancel this change' }));
    expect(patches).toEqual([{ kind: 'spend', patch: { duration: 'M', cancelPendingLimit: true } }]);
    // The call runs: its button says so, every control waits.
    expect(within(pending).getByRole('button', { name: 'Cancelling…' })).toHaveProperty('disabled', true);
    expect(within(card).getByRole('button', { name: 'Change limit' })).toHaveProperty('disabled', true);
    actor.stop();
  });

  it('offers no removal of a limit the market requires, nor of one already being removed', async () => {
    const deposit = response([
      limit('D', null),
      limit('W', '100.00', { pendingDelete: true, pendingDate: '2026-11-21T12:00:00.000Z' }),
      limit('M', '1000.00', { locked: true }),
    ]);
    const { actor } = await flowWith({ deposit, spend: response([limit('D', null), limit('W', null), limit('M', null)]), rules: marketRgRules('JJ') });
    renderWithI18n(
      <ul>
        <LimitCard flow={actor} kind="deposit" duration="D" money={money} locale="en" />
        <LimitCard flow={actor} kind="deposit" duration="W" money={money} locale="en" />
        <LimitCard flow={actor} kind="deposit" duration="M" money={money} locale="en" />
      </ul>,
    );
    const daily = screen.getByRole('listitem', { name: 'Daily deposit limit' });
    expect(within(daily).getByText('No limit set.')).toBeDefined();
    expect(within(daily).getByRole('button', { name: 'Set a limit' })).toBeDefined();
    expect(within(daily).queryByRole('button', { name: 'Remove limit' })).toBeNull();
    const weekly = screen.getByRole('listitem', { name: 'Weekly deposit limit' });
    expect(within(weekly).getByTestId('limit-pending').textContent).toMatch(/^This limit will be removed on 21\/11\/2026/);
    expect(within(weekly).queryByRole('button', { name: 'Remove limit' })).toBeNull();
    const monthly = screen.getByRole('listitem', { name: 'Monthly deposit limit' });
    expect(within(monthly).getByText('Required in your market')).toBeDefined();
    expect(within(monthly).queryByRole('button', { name: 'Remove limit' })).toBeNull();

    // The editor: labelled with the limit and the currency, the market's cap in its hint (JJ: 1,000 EUR a month).
    fireEvent.click(within(monthly).getByRole('button', { name: 'Change limit' }));
    const field = within(monthly).getByRole('textbox', { name: 'Monthly deposit limit (EUR)' });
    expect(document.activeElement).toBe(field);
    expect((field as HTMLInputElement).value).toBe('1000');
    expect(within(monthly).getByText('From €1 to €1,000.00')).toBeDefined();
    fireEvent.change(field, { target: { value: '1 500,50' } });
    expect(actor.getSnapshot().context.editor?.draft).toBe('1500.50');
    fireEvent.click(within(monthly).getByRole('button', { name: 'Save limit' }));
    expect(within(monthly).getByText('The largest limit you can set here is €1,000.00.')).toBeDefined();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    actor.stop();
  });
});

describe('the countdown', () => {
  it('shows hours and minutes left and moves on each minute by itself', () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T12:00:00.000Z') });
    renderWithI18n(<Countdown until={new Date('2026-11-21T12:00:00.000Z')} locale="en" />);
    expect(screen.getByTestId('limit-countdown').textContent).toBe('24 hr 0 min left');
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByTestId('limit-countdown').textContent).toBe('23 hr 59 min left');
    // Minute by minute (each tick schedules the next) until the change is due.
    for (let left = 24 * 60 - 1; left > 1; left -= 1) {
      act(() => {
        vi.advanceTimersToNextTimer();
      });
    }
    expect(screen.getByTestId('limit-countdown').textContent).toBe('0 hr 1 min left');
    act(() => {
      vi.advanceTimersToNextTimer();
    });
    expect(screen.getByText('Applying now…')).toBeDefined();
    expect(vi.getTimerCount()).toBe(0);
  });
});
