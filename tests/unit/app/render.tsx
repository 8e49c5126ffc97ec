import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { messages } from '../../../locales/en/messages.po';

/** Activates the English catalog (the source texts) for a test. */
export function activateEnglish(): void {
  i18n.load('en', messages);
  i18n.activate('en');
}

export function renderWithI18n(ui: ReactNode): RenderResult {
  activateEnglish();
  return render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
}

/** For components that render router links: a one-route router at `path`. */
export function renderInRouter(ui: ReactNode, path = '/en-UN'): RenderResult {
  activateEnglish();
  // jsdom has no scrolling; the router's scroll restoration calls it.
  window.scrollTo = () => undefined;
  const routeTree = createRootRoute({ component: () => ui });
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  return render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}
