import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { UnlockPage } from '../features/auth/UnlockPage';

// /unlock?key=… (issue 9): the page of the unlock link the platform e-mails a locked-out player
// (server/services/login.ts unlockLink). Public: the player is not logged in.
const searchSchema = v.object({ key: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,200}$/))), undefined) });

export const Route = createFileRoute('/$langmarket/unlock')({
  validateSearch: (search) => v.parse(searchSchema, search),
  component: Page,
});

function Page() {
  const { session } = Route.useRouteContext();
  const { key } = Route.useSearch();
  return <UnlockPage session={session} unlockKey={key} />;
}
