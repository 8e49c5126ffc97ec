// The UK session clock (UKGC RTS 13C: the time elapsed since the session began, shown while playing):
// how long since login, as h:mm:ss.

/** The clock ticks on each whole second of the session. */
export const SESSION_CLOCK_TICK_MS = 1_000;

/** Milliseconds since `startedAt` (ISO 8601), never below 0 (a device clock behind the platform's). */
export function sessionElapsedMs(startedAt: string, nowMs: number): number {
  const start = Date.parse(startedAt);
  return Number.isNaN(start) ? 0 : Math.max(0, nowMs - start);
}

/** How long until the shown second changes, so the clock ticks on the session's own seconds. */
export function msToNextTick(elapsedMs: number): number {
  return SESSION_CLOCK_TICK_MS - (elapsedMs % SESSION_CLOCK_TICK_MS);
}

function parts(elapsedMs: number): { hours: number; minutes: number; seconds: number } {
  const total = Math.floor(Math.max(0, elapsedMs) / 1_000);
  return { hours: Math.floor(total / 3_600), minutes: Math.floor((total % 3_600) / 60), seconds: total % 60 };
}

/** "0:05:09", "12:00:00", "100:00:01": hours as many as there are, minutes and seconds two digits. */
export function formatSessionClock(elapsedMs: number): string {
  const { hours, minutes, seconds } = parts(elapsedMs);
  return `${String(hours)}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** The same duration for `<time dateTime>` (ISO 8601: "PT0H5M9S"). */
export function sessionClockDuration(elapsedMs: number): string {
  const { hours, minutes, seconds } = parts(elapsedMs);
  return `PT${String(hours)}H${String(minutes)}M${String(seconds)}S`;
}
