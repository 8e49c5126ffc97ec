import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { PAY_AND_PLAY_PHONE_COUNTRY_CODES } from '../../../machines/lib/countries';
import type { UpdateField } from '../../../machines/lib/payAndPlay';
import { Button } from '../../ui/Button';
import { formClass, FormError, TextField } from '../../ui/Field';
import { PhoneField } from '../../ui/PhoneField';
import { flowErrorMessage, updateFieldErrorMessage } from './errorMessages';
import type { PayAndPlayActor } from './actor';
import { Progress } from './Progress';
import * as s from './payAndPlay.css';

const FIELD_ORDER: readonly UpdateField[] = ['email', 'phonePrefix', 'phoneBody'];

/**
 * The update form for a player the bank identified but whose e-mail or phone the platform does not
 * know yet (behaviour.md §4 "Pay and play"): e-mail and mobile phone (prefix + number).
 */
export function UpdateStep({ actor }: { actor: PayAndPlayActor }) {
  const { t, i18n } = useLingui();
  const values = useSelector(actor, (snapshot) => snapshot.context.update);
  const errors = useSelector(actor, (snapshot) => snapshot.context.updateErrors);
  const errorCode = useSelector(actor, (snapshot) => snapshot.context.errorCode);
  const saving = useSelector(actor, (snapshot) => snapshot.hasTag('update') && snapshot.hasTag('loading'));
  // What the player already has is shown, not edited: pay and play only fills what is missing.
  const knownEmail = useSelector(actor, (snapshot) => snapshot.context.known.email);
  const knownPhone = useSelector(actor, (snapshot) => snapshot.context.known.phone);
  const knownHint = t({
    id: 'payAndPlay.update.known',
    message: 'Already on your account. You can change it on your account page once you are logged in.',
  });
  const refs = {
    email: useRef<HTMLInputElement>(null),
    phonePrefix: useRef<HTMLSelectElement>(null),
    phoneBody: useRef<HTMLInputElement>(null),
  };
  const focusFirstError = useRef(false);

  // After a refused submit (the client's rules or the server's), focus the first field in error.
  useEffect(() => {
    if (!focusFirstError.current) return;
    const first = FIELD_ORDER.find((field) => errors[field] !== undefined);
    if (first === undefined) return;
    focusFirstError.current = false;
    refs[first].current?.focus();
  });

  /** A field's props: its value in the flow, `update.change`, its translated error, read-only while saving. */
  const bind = (field: UpdateField) => {
    const code = errors[field];
    return {
      name: field,
      value: values[field],
      onChange: (event: { target: { value: string } }) => actor.send({ type: 'update.change', field, value: event.target.value }),
      error: code === undefined ? undefined : i18n._(updateFieldErrorMessage(field, code)),
    };
  };

  return (
    <form
      className={formClass}
      noValidate
      aria-busy={saving}
      onSubmit={(event) => {
        event.preventDefault();
        focusFirstError.current = true;
        actor.send({ type: 'update.submit' });
      }}
    >
      <TextField
        ref={refs.email}
        label={t({ id: 'common.email', message: 'E-mail' })}
        type="email"
        autoComplete="email"
        required
        readOnly={saving || knownEmail}
        {...bind('email')}
        {...(knownEmail ? { hint: knownHint } : {})}
      />
      <PhoneField
        legend={<Trans id="phone.label">Mobile phone</Trans>}
        countries={PAY_AND_PLAY_PHONE_COUNTRY_CODES}
        prefix={{
          ref: refs.phonePrefix,
          label: t({ id: 'phone.prefix.label', message: 'Country code' }),
          disabled: saving || knownPhone,
          ...bind('phonePrefix'),
        }}
        number={{
          ref: refs.phoneBody,
          label: t({ id: 'payAndPlay.update.phoneBody', message: 'Mobile number' }),
          required: true,
          readOnly: saving || knownPhone,
          ...bind('phoneBody'),
          ...(knownPhone ? { hint: knownHint } : {}),
        }}
      />
      {errorCode !== null && !saving ? <FormError>{i18n._(flowErrorMessage(errorCode))}</FormError> : null}
      <Button type="submit" size="lg" className={s.submit} disabled={saving}>
        <Trans id="payAndPlay.update.submit">Save and play</Trans>
      </Button>
      {saving ? (
        <Progress>
          <Trans id="payAndPlay.progress.updating">Saving your details…</Trans>
        </Progress>
      ) : null}
    </form>
  );
}
