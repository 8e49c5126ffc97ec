import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { UnlockPage } from '../features/auth/UnlockPage';
import { seoQuery } from '../api/queries';
import { SeoHead } from './-components/SeoHead';

// /unlock?key=… (issue 9): the page of the unlock link the platform e-mails a locked-out player
// (server/services/login.ts unlockLink). Public: the player is not logged in.
const searchSchema = v.object({ key: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,200}$/))), undefined) });

export const Route = createFileRoute('/$langmarket/unlock')({
  validateSearch: (search) => v.parse(searchSchema, search),
  loader: ({ context }) => {
    void context.queryClient.query(seoQuery(context.langMarket)).catch(() => undefined);
  },
  component: Page,
});

function Page() {
  const { session, langMarket } = Route.useRouteContext();
  const { key } = Route.useSearch();
  return (
    <>
      {/* The page's own title says where the unlock stands. */}
      <SeoHead langMarket={langMarket} entry="unlock" withTitle={false} />
      <UnlockPage session={session} unlockKey={key} />
    </>
  );
}
