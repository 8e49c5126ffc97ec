import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../features/errors/NotFoundPage';

// product.md §2: unknown paths under a valid langmarket show the not-found page, inside the shell.
export const Route = createFileRoute('/$langmarket/$')({
  component: NotFound,
});

function NotFound() {
  const { langmarket } = Route.useParams();
  return <NotFoundPage langmarket={langmarket} />;
}
