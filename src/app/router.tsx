import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { RouteError } from '../features/errors/RouteError';
import { routeTree } from '../routeTree.gen';
import { Loader } from '../ui/Loader';
import type { RouterContext } from './context';

function PendingRoute() {
  return <Loader layout="inline" />;
}

/**
 * The app's router. `history`: the browser's, when start-up created it in a task of its own before
 * (src/app/start.tsx, issue 22: it writes the page's history entry, a few ms on a phone); the
 * router creates it otherwise.
 */
export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history === undefined ? {} : { history }),
    defaultPreload: 'intent',
    // TanStack Query owns the cache: the router always asks it (ensureQueryData is cheap when fresh).
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteError,
    defaultPendingComponent: PendingRoute,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
