import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import * as s from './limits.css';
import { formatTimeLeft, timeLeft } from './format';

const MINUTE_MS = 60_000;

/**
 * The time left until a pending change applies, in hours and minutes (days from a whole day on),
 * updated when the minute shown changes. Its own clock: only this line renders again, not the page.
 * Not a live region: a screen reader reads it when it gets there, not every minute.
 */
export function Countdown({ until, locale }: { until: Date; locale: string }) {
  const { t } = useLingui();
  // UI-only state: the clock the countdown shows.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const msLeft = until.getTime() - now;
    if (msLeft <= 0) return;
    // Next when the minutes shown change (they are rounded up), then every minute.
    const timer = window.setTimeout(() => setNow(Date.now()), msLeft % MINUTE_MS || MINUTE_MS);
    return () => window.clearTimeout(timer);
  }, [until, now]);
  const left = timeLeft(until, new Date(now));
  if (left === null) {
    return (
      <p className={s.countdown}>
        <Trans id="limits.pending.due">Applying now…</Trans>
      </p>
    );
  }
  const duration = formatTimeLeft(left, locale);
  return (
    <p className={s.countdown} data-testid="limit-countdown">
      {t({ id: 'limits.pending.countdown', message: `${duration} left` })}
    </p>
  );
}
