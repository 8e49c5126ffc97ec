import { createRouter } from '@tanstack/react-router';
import { RouteError } from '../features/errors/RouteError';
import { routeTree } from '../routeTree.gen';
import { Loader } from '../ui/Loader';
import type { RouterContext } from './context';

function PendingRoute() {
  return <Loader layout="inline" />;
}

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
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
