import { Trans } from '@lingui/react/macro';
import * as s from './simulationBanner.css';

// Issue 9 "Simulation is a mode": when the platform runs its simulated third parties
// (PLATFORM_MODE=simulation, the default of npm start and the tests), every page says so. The
// platform writes its mode into index.html as <meta name="platform-mode"> (server/http/static.ts),
// beside the API base URL; a page without it (the Vite dev server) shows nothing.

export const PLATFORM_MODE_META = 'platform-mode';

/** The mode the serving platform wrote into the page, if any. */
export function platformMode(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>(`meta[name="${PLATFORM_MODE_META}"]`)?.content ?? null;
}

export function SimulationBanner() {
  if (platformMode() !== 'simulation') return null;
  return (
    <p className={s.banner} role="note" data-testid="simulation-banner">
      <Trans id="shell.simulationBanner">Simulation: bank identification, payments, messages and games are simulated. No real money is used.</Trans>
    </p>
  );
}
