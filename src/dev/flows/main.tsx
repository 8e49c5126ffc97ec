// /dev/flows (issue 22, for product; docs/qa-and-product-tools.md): every flow of the registry with
// its diagram, its descriptions, the screens its states show and a button that starts it live under
// Stately's inspector.
//
// DEV ONLY, excluded from the build: dev/flows.html loads this file and only the dev server serves
// that page (scripts/lib/devFlowsPlugin.ts, `apply: 'serve'`); `vite build` takes index.html alone
// and nothing else imports src/dev/. It is a developer tool, never shown to players, so its texts
// are English and not in the Lingui catalogs (eslint.config.js turns the Lingui rule off here only).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FlowsPage } from './FlowsPage';

const element = document.getElementById('flows');
if (element) {
  createRoot(element).render(
    <StrictMode>
      <FlowsPage />
    </StrictMode>,
  );
}
