import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { AccountActivityKind } from '../../../machines/lib/account';
import { latestActivityQuery } from '../../api/accountQueries';
import { CardSection } from '../../ui/CardSection';
import { dateOf, displayDate, displayTime } from '../../ui/dates';
import * as s from './account.css';
import * as l from './loginHistory.css';
import type { SessionRef } from './sessionRef';
import { LoadFailed } from '../../ui/LoadFailed';

/** What each kind of activity is, in words (the platform's kind never reaches the screen raw). */
const ACTIVITY_TEXTS: Readonly<Record<AccountActivityKind, MessageDescriptor>> = {
  LOGIN: msg({ id: 'account.activity.login', message: 'Logged in' }),
  PASSWORD_CHANGED: msg({ id: 'account.activity.passwordChanged', message: 'Password changed' }),
  LANGUAGE_CHANGED: msg({ id: 'account.activity.languageChanged', message: 'Language changed' }),
  ADDRESS_CHANGED: msg({ id: 'account.activity.addressChanged', message: 'Address changed' }),
  PROVINCE_CHANGED: msg({ id: 'account.activity.provinceChanged', message: 'Province changed' }),
  COOKIE_CONSENT_CHANGED: msg({ id: 'account.activity.cookieConsentChanged', message: 'Cookie settings changed' }),
};

/**
 * The account's latest activity with its note (product.md §3 "Session": latestActivityLog with a
 * note; behaviour.md §7 /player/latest-activity-log): what was last done on the account, when, and
 * the platform's note (a login's address, the language stored). Read-only (TanStack Query), asked
 * afresh each time the tab opens.
 */
export function LatestActivity({ session }: { session: SessionRef }) {
  const { i18n } = useLingui();
  const playerId = useSelector(session, (snapshot) => (snapshot.context.authorized ? (snapshot.context.claims?.playerId ?? null) : null));
  const latest = useQuery(latestActivityQuery(playerId));
  const entry = latest.data ?? null;
  const date = entry ? dateOf(entry.activityDate) : null;
  return (
    <CardSection headingId="account-latest-activity" heading={<Trans id="account.activity.heading">Latest activity</Trans>}>
      {latest.isPending && playerId !== null ? (
        <p className={s.text} role="status">
          <Trans id="account.activity.loading">Loading your latest activity…</Trans>
        </p>
      ) : null}
      {latest.isError ? (
        <LoadFailed onRetry={() => void latest.refetch()}>
          <Trans id="account.activity.error">We could not load your latest activity.</Trans>
        </LoadFailed>
      ) : null}
      {latest.isSuccess && entry === null ? (
        <p className={s.text}>
          <Trans id="account.activity.none">Nothing recorded yet.</Trans>
        </p>
      ) : null}
      {entry ? (
        <div className={l.item} data-testid="latest-activity">
          <strong>{i18n._(ACTIVITY_TEXTS[entry.activity])}</strong>
          {date ? (
            <time className={s.text} dateTime={entry.activityDate}>
              {displayDate(date)} {displayTime(date, i18n.locale)}
            </time>
          ) : null}
          {entry.note === null ? null : (
            <dl className={l.facts}>
              <div className={l.fact}>
                <dt className={l.term}>
                  <Trans id="account.activity.note">Note</Trans>
                </dt>
                <dd className={l.value}>{entry.note}</dd>
              </div>
            </dl>
          )}
        </div>
      ) : null}
    </CardSection>
  );
}
