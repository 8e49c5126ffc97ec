import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { kycNeedsNoAction, parseRequestDocumentTypeStatus } from '../../../machines/lib/kyc';
import { formatLangMarket } from '../../../machines/lib/markets';
import { isLoadingProfile } from '../../../machines/session.guards';
import type { PlayerProfile } from '../../api/player';
import { FormError } from '../../ui/Field';
import * as s from './account.css';
import { countryName } from './format';
import { MarketingPreferencesForm } from './MarketingPreferencesForm';
import { LoginHistory } from './LoginHistory';
import { AccountClosure } from './AccountClosure';
import { LanguageSetting } from './LanguageSetting';
import { LatestActivity } from './LatestActivity';
import { CookieSettings } from './CookieSettings';
import { PasswordChangeForm } from './PasswordChangeForm';
import { PhoneChangeForm } from './PhoneChangeForm';
import { AddressForm } from './AddressForm';
import { ProvinceForm } from './ProvinceForm';
import { CardSection } from '../../ui/CardSection';
import { PageFrame } from '../../ui/PageFrame';
import { Button } from '../../ui/Button';
import { formActionsClass } from '../../ui/Field';
import type { SessionRef } from './sessionRef';

type VerificationFlow = NonNullable<ReturnType<SessionRef['getSnapshot']>['context']['flows']['verification']>;

export interface AccountPageProps {
  /**
   * The root session: the profile it loaded (one copy for the whole app, reloaded after a change)
   * and the account flows the route started (phone change, password change).
   */
  session: SessionRef;
  /** Sections of other features the route places in the page (issue 23: Security), before the closure. */
  children?: ReactNode;
}

/**
 * /my-account/account (product.md §2 "Account area"): the player's details from the profile
 * (read-only), the phone change with its SMS code (behaviour.md §4, §5) and the password change.
 */
export function AccountPage({ session, children }: AccountPageProps) {
  const profile = useSelector(session, (snapshot) => snapshot.context.profile);
  // The first load only: a reload keeps the details shown until its answer.
  const loading = useSelector(session, (snapshot) => isLoadingProfile(snapshot) && snapshot.context.profile === null);
  const failed = useSelector(session, (snapshot) => snapshot.context.loadErrors.includes('profile'));
  return (
    <PageFrame className={s.page} title={<Trans id="account.myAccount">My account</Trans>}>
      <CardSection headingId="account-details" heading={<Trans id="account.details.heading">Personal details</Trans>}>
        {profile ? <Details profile={profile} /> : null}
        {loading ? (
          <p className={s.text} role="status">
            <Trans id="account.details.loading">Loading your details…</Trans>
          </p>
        ) : null}
        {failed ? (
          <FormError>
            <Trans id="account.details.error">We could not load your details. Please reload the page.</Trans>
          </FormError>
        ) : null}
      </CardSection>
      <VerificationSummary session={session} />
      <AddressForm session={session} />
      <ProvinceForm session={session} />
      <PhoneChangeForm session={session} profile={profile} />
      <PasswordChangeForm session={session} email={profile?.email ?? null} />
      <MarketingPreferencesForm session={session} />
      <CookieSettings session={session} />
      <LanguageSetting session={session} />
      <LatestActivity session={session} />
      <LoginHistory session={session} />
      {children}
      <AccountClosure session={session} email={profile?.email ?? null} />
    </PageFrame>
  );
}

function Details({ profile }: { profile: PlayerProfile }) {
  const { i18n } = useLingui();
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  const phone = [profile.phonePrefix, profile.phoneBody].filter(Boolean).join(' ');
  const dash = '–';
  return (
    <dl className={s.details}>
      <dt className={s.term}>
        <Trans id="account.details.name">Name</Trans>
      </dt>
      <dd className={s.value}>{name || dash}</dd>
      <dt className={s.term}>
        <Trans id="common.email">E-mail</Trans>
      </dt>
      <dd className={s.value}>{profile.email ?? dash}</dd>
      <dt className={s.term}>
        <Trans id="phone.label">Mobile phone</Trans>
      </dt>
      <dd className={s.value} data-testid="account-phone">
        {phone || dash}
      </dd>
      <dt className={s.term}>
        <Trans id="account.details.country">Country</Trans>
      </dt>
      <dd className={s.value}>{countryName(profile.countryCode, i18n.locale)}</dd>
    </dl>
  );
}

/**
 * Issue 23: whether the account needs documents (behaviour.md §5 "KYC needs no action when ..."),
 * from the session's verification flow (started by the account area); "Verify now" opens the
 * verification modal from the account page (product.md §2), the tab lists every document.
 */
function VerificationSummary({ session }: { session: SessionRef }) {
  const flow = useSelector(session, (snapshot) => snapshot.context.flows.verification);
  return flow === null ? null : <VerificationSummaryOf session={session} flow={flow} />;
}

function VerificationSummaryOf({ session, flow }: { session: SessionRef; flow: VerificationFlow }) {
  const documents = useSelector(flow, (snapshot) => snapshot.context.documents);
  const modal = useSelector(session, (snapshot) => snapshot.context.flows.verificationModal);
  const langmarket = useSelector(session, (snapshot) => formatLangMarket(snapshot.context.langMarket));
  if (documents === null) return null;
  const noAction = kycNeedsNoAction(documents.kycStatus, parseRequestDocumentTypeStatus(documents.requestDocumentTypeStatus));
  return (
    <CardSection headingId="account-verification" heading={<Trans id="account.nav.verification">Identity verification</Trans>}>
      <p className={s.text} data-testid="account-kyc">
        {noAction ? (
          <Trans id="account.verification.none">Your account needs no documents right now.</Trans>
        ) : (
          <Trans id="account.verification.needed">We need documents to verify your account.</Trans>
        )}
      </p>
      <div className={formActionsClass}>
        <Link to="/$langmarket/my-account/account/verification" params={{ langmarket }}>
          <Trans id="account.verification.documents">See your documents</Trans>
        </Link>
        {noAction || modal === null ? null : (
          <Button onClick={() => modal.send({ type: 'modal.open', startPoint: 'account', reason: 'requested' })}>
            <Trans id="account.verification.verifyNow">Verify now</Trans>
          </Button>
        )}
      </div>
    </CardSection>
  );
}
