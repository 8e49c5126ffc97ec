import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { PlayerProfile } from '../../api/player';
import { FormError } from '../../ui/Field';
import type { ToastRef } from '../../ui/Toaster';
import * as s from './account.css';
import { countryName } from './format';
import { PasswordChangeForm } from './PasswordChangeForm';
import { PhoneChangeForm } from './PhoneChangeForm';
import { profileQuery } from './queries';

export interface AccountPageProps {
  playerId: number;
  /** The session's toast actor (success toasts; behaviour.md §8 error.old_password.incorrect). */
  toasts: ToastRef;
}

/**
 * /my-account/account (product.md §2 "Account area"): the player's details from the profile
 * (read-only), the phone change with its SMS code (behaviour.md §4, §5) and the password change.
 */
export function AccountPage({ playerId, toasts }: AccountPageProps) {
  const { t } = useLingui();
  const profile = useQuery(profileQuery(playerId));
  return (
    <div className={s.page}>
      <title>{t({ id: 'account.page.title', message: 'My account' })}</title>
      <h1 className={s.title}>
        <Trans id="account.page.heading">My account</Trans>
      </h1>
      <section className={s.section} aria-labelledby="account-details">
        <h2 className={s.sectionTitle} id="account-details">
          <Trans id="account.details.heading">Personal details</Trans>
        </h2>
        {profile.data ? <Details profile={profile.data} /> : null}
        {profile.isPending ? (
          <p className={s.text} role="status">
            <Trans id="account.details.loading">Loading your details…</Trans>
          </p>
        ) : null}
        {profile.isError ? (
          <FormError>
            <Trans id="account.details.error">We could not load your details. Please reload the page.</Trans>
          </FormError>
        ) : null}
      </section>
      <PhoneChangeForm playerId={playerId} profile={profile.data ?? null} toasts={toasts} />
      <PasswordChangeForm email={profile.data?.email ?? null} toasts={toasts} />
    </div>
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
        <Trans id="account.details.email">E-mail</Trans>
      </dt>
      <dd className={s.value}>{profile.email ?? dash}</dd>
      <dt className={s.term}>
        <Trans id="account.details.phone">Mobile phone</Trans>
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
