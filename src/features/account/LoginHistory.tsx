import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { LOGIN_HISTORY_LIMIT } from '../../../machines/lib/account';
import type { LoginHistoryEntry } from '../../api/account';
import { loginHistoryQuery } from '../../api/accountQueries';
import { CardSection } from '../../ui/CardSection';
import { dateOf, displayDate, displayTime } from '../../ui/dates';
import * as s from './account.css';
import * as l from './loginHistory.css';
import { countryName } from './format';
import type { SessionRef } from './sessionRef';
import { LoadFailed } from '../../ui/LoadFailed';

/**
 * The login history (product.md §3 "Account details": loginDate, loginIp, loginCountry): the
 * player's latest logins, newest first, so that a login that was not theirs stands out. A read-only
 * list from the platform (TanStack Query), asked afresh each time the tab opens.
 */
export function LoginHistory({ session }: { session: SessionRef }) {
  const playerId = useSelector(session, (snapshot) => (snapshot.context.authorized ? (snapshot.context.claims?.playerId ?? null) : null));
  const history = useQuery(loginHistoryQuery(playerId));
  const count = LOGIN_HISTORY_LIMIT;
  return (
    <CardSection headingId="account-login-history" heading={<Trans id="account.loginHistory.heading">Login history</Trans>}>
      <p className={s.text}>
        <Trans id="account.loginHistory.intro">Your latest {count} logins, newest first. If you do not recognise one, change your password.</Trans>
      </p>
      {history.isPending && playerId !== null ? (
        <p className={s.text} role="status">
          <Trans id="account.loginHistory.loading">Loading your logins…</Trans>
        </p>
      ) : null}
      {history.isError ? (
        <LoadFailed onRetry={() => void history.refetch()}>
          <Trans id="account.loginHistory.error">We could not load your login history.</Trans>
        </LoadFailed>
      ) : null}
      {history.data?.length === 0 ? (
        <p className={s.text}>
          <Trans id="account.loginHistory.empty">No logins recorded yet.</Trans>
        </p>
      ) : null}
      {history.data && history.data.length > 0 ? (
        <ol className={l.list} data-testid="login-history">
          {history.data.map((entry, index) => (
            <LoginItem key={`${entry.loginDate}-${String(index)}`} entry={entry} />
          ))}
        </ol>
      ) : null}
    </CardSection>
  );
}

function LoginItem({ entry }: { entry: LoginHistoryEntry }) {
  const { i18n } = useLingui();
  const date = dateOf(entry.loginDate);
  const unknown = <Trans id="account.loginHistory.unknown">Unknown</Trans>;
  return (
    <li className={l.item}>
      {date ? (
        <time className={l.when} dateTime={entry.loginDate}>
          {displayDate(date)} {displayTime(date, i18n.locale)}
        </time>
      ) : null}
      <dl className={l.facts}>
        <div className={l.fact}>
          <dt className={l.term}>
            <Trans id="account.loginHistory.ip">IP address</Trans>
          </dt>
          <dd className={l.value}>{entry.loginIp ?? unknown}</dd>
        </div>
        <div className={l.fact}>
          <dt className={l.term}>
            <Trans id="account.details.country">Country</Trans>
          </dt>
          <dd className={l.value}>{entry.loginCountry === null ? unknown : countryName(entry.loginCountry, i18n.locale)}</dd>
        </div>
      </dl>
    </li>
  );
}
