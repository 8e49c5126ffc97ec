import { createFileRoute, redirect } from '@tanstack/react-router';

// product.md §2: /online-casino/play/{provider}/{id?}: without a game there is nothing to launch;
// the casino lobby is where a provider's games are found.
export const Route = createFileRoute('/$langmarket/online-casino/play/$provider/')({
  beforeLoad: ({ params }) => {
    throw redirect({ href: `/${params.langmarket}/online-casino`, replace: true });
  },
});
