import type { QueryClient } from '@tanstack/react-query';
import type { LoadFlow } from './flows';
import type { SessionActor } from './session';

/** What every route's beforeLoad and loader receive (ARCHITECTURE.md "Routes, guards and data"). */
export interface RouterContext {
  session: SessionActor;
  queryClient: QueryClient;
  /** Loads a flow's machine into the session; the flow's route awaits it in its loader before starting it. */
  loadFlow: LoadFlow;
}
