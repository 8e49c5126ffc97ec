import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { seoQuery, staticPageQuery } from '../api/queries';
import { RESET_PASSWORD_HELP_PAGE } from '../api/sitePages';
import { sanitizeCmsHtml } from '../features/content/sanitize';
import { PasswordResetPage, type ResetHelp } from '../features/password-reset/PasswordResetPage';
import { SeoHead } from './-components/SeoHead';

// product.md §2 /reset-password (public): the reset flow (behaviour.md §4 "Password reset"), with the
// content page RESET_PASSWORD_HELP_PAGE as help beside it when the content service has it. Entering
// starts the session's passwordReset flow, leaving stops it (docs/ARCHITECTURE.md); a language
// switch keeps it (and what was typed).
export const Route = createFileRoute('/$langmarket/reset-password')({
  loader: async ({ context }) => {
    // The flow's machine arrives with the route (its own chunk) before onEnter starts it.
    void context.queryClient.query(seoQuery(context.langMarket)).catch(() => undefined);
    await context.loadFlow('passwordReset');
    // The flow works without the help text: a missing page is not an error here.
    await context.queryClient.query(staticPageQuery(context.langMarket, RESET_PASSWORD_HELP_PAGE)).catch(() => undefined);
  },
  onEnter: ({ context }) => {
    context.session.send({ type: 'flow.start', flow: 'passwordReset' });
  },
  onLeave: ({ context }) => {
    context.session.send({ type: 'flow.stop', flow: 'passwordReset' });
  },
  component: ResetPassword,
});

function ResetPassword() {
  const { langMarket, session } = Route.useRouteContext();
  const { data: page } = useQuery(staticPageQuery(langMarket, RESET_PASSWORD_HELP_PAGE));
  const help = useMemo<ResetHelp | null>(
    () =>
      page
        ? { title: page.title, html: sanitizeCmsHtml(page.html) }
        : null,
    [page],
  );
  return (
    <>
      <SeoHead langMarket={langMarket} entry="resetPassword" />
      <PasswordResetPage session={session} help={help} />
    </>
  );
}
