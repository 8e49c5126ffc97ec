import type { ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LocalizedFallback } from '../../i18n/LocalizedFallback';
import { httpErrorOf } from './classify';
import { RenderCrashScreen, RouterErrorScreen } from './screens';

/**
 * The router's error component (defaultErrorComponent): a loader/HTTP failure shows the router
 * error screen with its status or message; a render crash shows SOMETHING WENT WRONG.
 */
export function RouteError({ error }: Pick<ErrorComponentProps, 'error'>) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  const http = httpErrorOf(error);
  return (
    <LocalizedFallback>
      {http ? <RouterErrorScreen status={http.status} message={http.message} /> : <RenderCrashScreen />}
    </LocalizedFallback>
  );
}
