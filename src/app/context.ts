import type { QueryClient } from '@tanstack/react-query';
import type { SessionActor } from './session';

/** What every route's beforeLoad and loader receive (ARCHITECTURE.md "Routes, guards and data"). */
export interface RouterContext {
  session: SessionActor;
  queryClient: QueryClient;
}
