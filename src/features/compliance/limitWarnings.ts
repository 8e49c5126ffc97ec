import type { LimitWarning } from '../../api/responsibleGambling';

// The 80 % warning (issue 13; machines/lib/responsibleGambling.ts LIMIT_WARNING_RATIO): which of the
// summary's warnings the player still sees after dismissing the notice.

/** A warning is the same one while its limit (kind, period and value) is: dismissed, it stays away. */
export function warningKey(warning: Pick<LimitWarning, 'kind' | 'duration' | 'value'>): string {
  return `${warning.kind}:${warning.duration}:${warning.value}`;
}

/** The warnings not dismissed yet: a new limit reaching 80 %, or a changed one, shows the notice again. */
export function shownWarnings(warnings: readonly LimitWarning[], dismissed: ReadonlySet<string>): LimitWarning[] {
  return warnings.filter((warning) => !dismissed.has(warningKey(warning)));
}

/** How much of the limit is used, as a fraction (0.85), from the wire's decimal strings; 0 when unreadable. */
export function usedShare(warning: Pick<LimitWarning, 'used' | 'value'>): number {
  const used = Number(warning.used);
  const value = Number(warning.value);
  return Number.isFinite(used) && Number.isFinite(value) && value > 0 ? used / value : 0;
}
