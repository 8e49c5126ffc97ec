import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserHistory, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QUERY_RETRIES, QUERY_STALE_MS } from '../../machines/lib/constants';
import { DEFAULT_LANGMARKET, intlLocaleFor, parseLangMarket } from '../../machines/lib/markets';
import { CrashBoundary } from '../features/errors/CrashBoundary';
import { loadCatalog, wantCatalogRest } from '../i18n/catalog';
import { Route as layoutRoute } from '../routes/$langmarket';
import { accessKnown, AppCommitted, endFirstPaint, seedFromFirstPaint } from './firstPaint';
import { followHeadLinks } from './headLinks';
import { devInspector } from './inspector';
import { nextTask } from './nextTask';
import { createAppRouter } from './router';
import { appSessionMachine, startSession } from './session';

/**
 * The app's start-up, called once by src/main.tsx: the root session actor (it lives as long as the
 * page, ARCHITECTURE.md "The actor system"), the router, and the take-over of the platform's first
 * paint (ARCHITECTURE.md "First paint"). Each step runs in a task of its own (nextTask), so that no
 * step holds a phone's main thread for long (issue 10).
 */
export async function startApp(): Promise<void> {
  const firstSegment = window.location.pathname.split('/')[1] ?? '';
  const initialLangMarket = parseLangMarket(firstSegment) ?? parseLangMarket(DEFAULT_LANGMARKET);
  if (!initialLangMarket) throw new Error('The default langmarket must be valid');

  // Fetch the route language's catalog now, alongside the app's start (the route awaits it too):
  // the home page's part of it on the home page, the whole of it elsewhere (src/i18n/catalog.ts).
  document.documentElement.lang = intlLocaleFor(initialLangMarket);
  if (window.location.pathname.split('/').filter(Boolean).length !== 1) void wantCatalogRest().catch(() => undefined);
  loadCatalog(initialLangMarket.language, intlLocaleFor(initialLangMarket)).catch((error: unknown) => {
    console.error(error);
  });

  // behaviour.md §9: query staleness 5 minutes, no retries.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: QUERY_STALE_MS, retry: QUERY_RETRIES } },
  });

  // `npm run dev` with VITE_INSPECT=1 or ?inspect: the live inspector sees the whole actor system.
  const inspector = await devInspector();
  await nextTask();
  const sessionLogic = appSessionMachine(queryClient);
  await nextTask();
  const { session, loadFlow } = await startSession(initialLangMarket, queryClient, sessionLogic, inspector);

  await nextTask();
  // The browser's history (it writes the page's entry), then the router over it: a task each.
  const history = createBrowserHistory();
  await nextTask();
  const router = createAppRouter({ session, queryClient, loadFlow }, history);

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');

  // The platform painted the page already (issue 10): keep that paint until the app can show the
  // same page, with the route loaded and the access check answered, so nothing flashes or moves;
  // then the app's first render replaces it in one commit, and the head's links follow the app's
  // navigation.
  await nextTask();
  const painted = await seedFromFirstPaint(queryClient);
  await nextTask();
  // The matched routes' own code (their lazy options and the screens they render), a route a task:
  // in the router's first load, Vite's preload of their imports and the screens' start ran in one
  // long task with the guards and the loaders (issue 22: Total Blocking Time). Only as far as the
  // first guard (a beforeLoad) below the layout's: a guard may send the visitor elsewhere (an
  // account page to the login), and the code of a page not shown must not load. A chunk that fails
  // here fails again in the router's load, which shows it.
  for (const route of router.getMatchedRoutes(router.latestLocation.pathname)[0]) {
    if (route.options.beforeLoad !== undefined && route.id !== layoutRoute.id) break;
    await router.loadRouteChunk(route)?.catch(() => undefined);
    await nextTask();
  }
  if (painted) {
    await Promise.all([router.load(), accessKnown(session)]).catch((error: unknown) => {
      console.error(error);
    });
  }
  await nextTask();
  followHeadLinks(router);

  // A transition: React renders in slices that leave the main thread free between them (the
  // painted page stays on screen meanwhile), and commits once, in the paint's place.
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <AppCommitted onCommit={() => (painted ? endFirstPaint(container) : undefined)}>
          <CrashBoundary>
            <QueryClientProvider client={queryClient}>
              <RouterProvider router={router} />
            </QueryClientProvider>
          </CrashBoundary>
        </AppCommitted>
      </StrictMode>,
    );
  });
}
