import { createFileRoute, redirect } from '@tanstack/react-router';

// product.md §2: /live-casino-online/play/{provider}/{id?}: without a game there is nothing to launch;
// the live casino lobby is where a provider's games are found.
export const Route = createFileRoute('/$langmarket/live-casino-online/play/$provider/')({
  beforeLoad: ({ params }) => {
    throw redirect({ href: `/${params.langmarket}/live-casino-online`, replace: true });
  },
});
