import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import { BRAND_NAME, SUPPORT_EMAIL } from '../../ui/brand';
import { MessageScreen } from '../../ui/MessageScreen';
import * as s from '../../ui/screen.css';

// product.md §2 "Whole-app and overlay screens": the maintenance and restricted-country pages
// replace the whole app (no navigation, no footer), driven by the platform's access check.

function SupportLink() {
  return <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;
}

/** The document's title: these pages replace the app, and the page under them had its own. */
function DocumentTitle({ children }: { children: string }) {
  return <title>{`${children} | ${BRAND_NAME}`}</title>;
}

export function MaintenancePage() {
  const { t } = useLingui();
  const brand = BRAND_NAME;
  return (
    <MessageScreen title={<Trans id="status.maintenance.title">We are down for maintenance</Trans>}>
      <DocumentTitle>{t({ id: 'status.maintenance.title', message: 'We are down for maintenance' })}</DocumentTitle>
      <p className={s.text}>
        <Trans id="status.maintenance.text">
          {brand} is being updated. Your account and your balance are safe. Please come back in a little while.
        </Trans>
      </p>
      <p className={s.text}>
        <Trans id="status.maintenance.support">
          Questions? Write to us at <SupportLink />.
        </Trans>
      </p>
    </MessageScreen>
  );
}

export function RestrictedPage() {
  const { t } = useLingui();
  const brand = BRAND_NAME;
  return (
    <MessageScreen title={<Trans id="status.restricted.title">{brand} is not available in your country</Trans>}>
      <DocumentTitle>{t({ id: 'status.restricted.title', message: `${brand} is not available in your country` })}</DocumentTitle>
      <p className={s.text}>
        <Trans id="status.restricted.text">
          The laws of the country you are visiting from do not allow us to offer our games there, so this site cannot be used from your location.
        </Trans>
      </p>
      <p className={s.text}>
        <Trans id="status.restricted.support">
          If you have an account with us and need help with it, contact our support team at <SupportLink />.
        </Trans>
      </p>
      <p className={s.text}>
        <Trans id="status.restricted.responsibleGambling">
          Gambling is for adults (18+) only. If gambling is causing you or someone close to you problems, free and confidential help is available from responsible-gambling organisations in your country.
        </Trans>
      </p>
    </MessageScreen>
  );
}

/** The access check could not reach the platform (neither allowed, restricted nor maintenance). */
export function AccessFailedPage({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <MessageScreen
      title={<Trans id="status.accessFailed.title">We could not connect to the site</Trans>}
      actions={
        <Button onClick={onRetry}>
          <Trans id="common.tryAgain">Try again</Trans>
        </Button>
      }
    >
      <DocumentTitle>{t({ id: 'status.accessFailed.title', message: 'We could not connect to the site' })}</DocumentTitle>
      <p className={s.text}>
        <Trans id="status.accessFailed.text">Please check your internet connection and try again.</Trans>
      </p>
    </MessageScreen>
  );
}
