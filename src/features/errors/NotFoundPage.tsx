import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { BRAND_NAME } from '../../ui/brand';
import { button } from '../../ui/button.css';
import { MessageScreen } from '../../ui/MessageScreen';
import * as s from '../../ui/screen.css';

/** product.md §2: unknown paths show a not-found page, inside the shell, with a way home. */
export function NotFoundPage({ langmarket }: { langmarket: string }) {
  const { t } = useLingui();
  return (
    <MessageScreen
      layout="inline"
      title={<Trans id="notFound.title">Page not found</Trans>}
      actions={
        <Link to="/$langmarket" params={{ langmarket }} className={button({ variant: 'primary' })}>
          <Trans id="notFound.home">Back to home</Trans>
        </Link>
      }
    >
      <title>{`${t({ id: 'notFound.title', message: 'Page not found' })} | ${BRAND_NAME}`}</title>
      <p className={s.text}>
        <Trans id="notFound.text">The page you are looking for does not exist or has moved.</Trans>
      </p>
    </MessageScreen>
  );
}
