import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useState, type SubmitEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { addressChangeMachine } from '../../../machines/addressChange.machine';
import { CITY_MAX_LENGTH, POSTAL_CODE_MAX_LENGTH, STREET_ADDRESS_MAX_LENGTH, type AddressField, type PlayerAddress } from '../../../machines/lib/address';
import { Button } from '../../ui/Button';
import { CardSection } from '../../ui/CardSection';
import { commonFlowErrors } from '../../ui/commonErrors';
import { FormError, formActionsClass, formClass, TextField } from '../../ui/Field';
import { LoadFailed } from '../../ui/LoadFailed';
import { useFormFlowTags } from '../../ui/useFormFlowTags';
import * as s from './account.css';
import { addressErrorMessage, addressFieldMessage } from './errorMessages';
import { countryName } from './format';
import type { SessionRef } from './sessionRef';

type AddressActor = ActorRefFrom<typeof addressChangeMachine>;

/**
 * The player's postal address (issue 23; product.md §3 "Account details"; behaviour.md §7
 * /player/address): street address, postal code and city; the country is the player's own, shown and
 * not edited. Save checks the values with the shared rule (the postal code in the shape of the
 * country's) and sends them; what was typed stays on every error, each problem by its field. The
 * session's addressChange flow, started by the account route.
 */
export function AddressForm({ session }: { session: SessionRef }) {
  const actor = useSelector(session, (snapshot) => snapshot.context.flows.addressChange);
  return (
    <CardSection headingId="account-address" heading={<Trans id="account.address.heading">Address</Trans>}>
      <p className={s.text}>
        <Trans id="account.address.intro">Your home address, as it is on your proof of address.</Trans>
      </p>
      {actor === null ? <Loading /> : <AddressView key={actor.sessionId} actor={actor} />}
    </CardSection>
  );
}

function Loading() {
  return (
    <p className={s.text} role="status">
      <Trans id="account.address.loading">Loading your address…</Trans>
    </p>
  );
}

function AddressView({ actor }: { actor: AddressActor }) {
  const { t, i18n } = useLingui();
  const countryCode = useSelector(actor, (snapshot) => snapshot.context.countryCode);
  const stored = useSelector(actor, (snapshot) => snapshot.context.stored);
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const fieldErrors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const { loading, loadFailed, editable, saving, saved, saveFailed } = useFormFlowTags(actor);
  // What the inputs hold: the loaded address, then what the player types; a save shows what the
  // platform stored (normalised), and nothing else replaces what was typed.
  const [values, setValues] = useState<PlayerAddress>(draft);
  useEffect(() => {
    setValues(actor.getSnapshot().context.draft);
  }, [actor, stored]);

  if (loadFailed) {
    return (
      <LoadFailed onRetry={() => actor.send({ type: 'address.retry' })}>
        {error?.code === 'network' ? i18n._(commonFlowErrors.network) : <Trans id="account.address.loadError">We could not load your address.</Trans>}
      </LoadFailed>
    );
  }
  if (loading || countryCode === null) return <Loading />;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!editable) return;
    const form = event.currentTarget;
    actor.send({ type: 'address.submit', address: values });
    // A problem the form's rule found: the first field with one takes the focus.
    const first = Object.keys(actor.getSnapshot().context.fieldErrors)[0];
    if (first !== undefined) form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  };
  const fieldProps = (field: AddressField) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
    },
    error: fieldErrors[field] === undefined ? undefined : i18n._(addressFieldMessage(fieldErrors[field])),
    required: true,
  });

  return (
    <form className={formClass} noValidate onSubmit={submit} aria-busy={saving}>
      <dl className={s.details}>
        <dt className={s.term}>
          <Trans id="account.details.country">Country</Trans>
        </dt>
        <dd className={s.value} data-testid="address-country">
          {countryName(countryCode, i18n.locale)}
        </dd>
      </dl>
      <TextField
        label={t({ id: 'account.address.street', message: 'Street address' })}
        autoComplete="street-address"
        maxLength={STREET_ADDRESS_MAX_LENGTH}
        {...fieldProps('streetAddress')}
      />
      <TextField
        label={t({ id: 'account.address.postalCode', message: 'Postal code' })}
        autoComplete="postal-code"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={POSTAL_CODE_MAX_LENGTH}
        {...fieldProps('postalCode')}
      />
      <TextField label={t({ id: 'account.address.city', message: 'City' })} autoComplete="address-level2" maxLength={CITY_MAX_LENGTH} {...fieldProps('city')} />
      {saveFailed && error !== null && error.fieldErrors.length === 0 ? <FormError>{i18n._(addressErrorMessage(error.code))}</FormError> : null}
      <p className={s.status} role="status">
        {saved ? <Trans id="account.address.saved">Your address is saved.</Trans> : null}
      </p>
      <div className={formActionsClass}>
        <Button type="submit" disabled={!editable}>
          {saving ? <Trans id="common.saving">Saving…</Trans> : <Trans id="account.address.save">Save address</Trans>}
        </Button>
      </div>
    </form>
  );
}
