import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { seoQuery } from '../api/queries';
import { HomePage } from '../features/home/HomePage';

export const Route = createFileRoute('/$langmarket/')({
  loader: async ({ context }) => {
    // The page title and description come from content; the home page shows without them.
    await context.queryClient.query(seoQuery(context.langMarket)).catch(() => undefined);
  },
  component: Home,
});

function Home() {
  const { langMarket } = Route.useRouteContext();
  const { langmarket } = Route.useParams();
  const { data } = useQuery(seoQuery(langMarket));
  return <HomePage langmarket={langmarket} seo={data?.entries.home} />;
}
