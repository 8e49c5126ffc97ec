import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { LangMarket } from '../../../machines/lib/markets';
import type { sessionMachine } from '../../../machines/session.machine';

// The dialog (and Radix Dialog with it) loads when the reality check first comes, not with every
// page: the home route's JS stays within its budget (npm run size).
const RealityCheckDialog = lazy(() => import('./RealityCheckDialog').then((module) => ({ default: module.RealityCheckDialog })));

/**
 * The session-timeout modal's host (product.md §2 "session-timeout modal"; behaviour.md §4 "The
 * activity summary opens and closes"), mounted once with the shell like the idle warning: it shows
 * the modal while the session's activity timer (systemId `activityTimer`) says the check is due.
 */
export function RealityCheck({ session, langMarket }: { session: ActorRefFrom<typeof sessionMachine>; langMarket: LangMarket }) {
  const timer = useSelector(session, (snapshot) => snapshot.children.activityTimer);
  const due = useSelector(timer, (snapshot) => snapshot?.hasTag('realityCheck') === true);
  if (timer === undefined || !due) return null;
  return (
    <Suspense fallback={null}>
      <RealityCheckDialog timer={timer} langMarket={langMarket} />
    </Suspense>
  );
}
