import { I18nProvider } from '@lingui/react';
import { type ReactNode, useEffect } from 'react';
import { i18n, languageOfPath, loadCatalog } from './catalog';

/**
 * Gives a screen that may render before (or without) the route's catalog its translations: a
 * crash screen above the router. Loads the catalog of the current path's language when none is
 * active yet; renders nothing until a catalog is active (the static loader of index.html shows).
 */
export function LocalizedFallback({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (!i18n.locale) {
      loadCatalog(languageOfPath(window.location.pathname)).catch((error: unknown) => {
        console.error('No catalog for the crash screen', error);
      });
    }
  }, []);
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
