import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { COUNTRIES, COUNTRY_CODES } from '../../../machines/lib/countries';
import type { UpdateField } from '../../../machines/payAndPlay.machine';
import { Button } from '../../ui/Button';
import { formClass, FormError, SelectField, TextField } from '../../ui/Field';
import { flowErrorMessage, updateFieldErrorMessage } from './errorMessages';
import type { PayAndPlayActor } from './PayAndPlayFlow';
import { Progress } from './Progress';
import * as s from './paynplay.css';

const FIELD_ORDER: readonly UpdateField[] = ['email', 'phonePrefix', 'phoneBody'];

/**
 * The update form for a player the bank identified but whose e-mail or phone the platform does not
 * know yet (behaviour.md §4 "Pay and play"): e-mail and mobile phone (prefix + number).
 */
export function UpdateStep({ actor, intlLocale }: { actor: PayAndPlayActor; intlLocale: string }) {
  const { t, i18n } = useLingui();
  const values = useSelector(actor, (snapshot) => snapshot.context.update);
  const errors = useSelector(actor, (snapshot) => snapshot.context.updateErrors);
  const errorCode = useSelector(actor, (snapshot) => snapshot.context.errorCode);
  const saving = useSelector(actor, (snapshot) => snapshot.matches('updatingPlayer'));
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

  const regions = new Intl.DisplayNames([intlLocale], { type: 'region' });
  const errorText = (field: UpdateField) => {
    const code = errors[field];
    return code === undefined ? undefined : i18n._(updateFieldErrorMessage(field, code));
  };
  const change = (field: UpdateField, value: string) => actor.send({ type: 'update.change', field, value });

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
        label={t({ id: 'paynplay.update.email', message: 'E-mail' })}
        name="email"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        readOnly={saving}
        onChange={(event) => change('email', event.target.value)}
        error={errorText('email')}
      />
      <fieldset className={s.phoneRow}>
        <legend className={s.phoneLegend}>
          <Trans id="paynplay.update.phone">Mobile phone</Trans>
        </legend>
        <SelectField
          ref={refs.phonePrefix}
          label={t({ id: 'paynplay.update.phonePrefix', message: 'Country code' })}
          name="phonePrefix"
          autoComplete="tel-country-code"
          value={values.phonePrefix}
          disabled={saving}
          onChange={(event) => change('phonePrefix', event.target.value)}
          error={errorText('phonePrefix')}
        >
          {COUNTRY_CODES.map((code) => {
            const { dialingCode } = COUNTRIES[code];
            const country = regions.of(code) ?? code;
            return (
              <option key={code} value={dialingCode}>
                {t({ id: 'paynplay.update.phonePrefix.option', message: `${country} (${dialingCode})` })}
              </option>
            );
          })}
        </SelectField>
        <TextField
          ref={refs.phoneBody}
          label={t({ id: 'paynplay.update.phoneBody', message: 'Mobile number' })}
          name="phoneBody"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          required
          value={values.phoneBody}
          readOnly={saving}
          onChange={(event) => change('phoneBody', event.target.value)}
          error={errorText('phoneBody')}
        />
      </fieldset>
      {errorCode !== null && !saving ? <FormError>{i18n._(flowErrorMessage(errorCode))}</FormError> : null}
      <Button type="submit" size="lg" className={s.submit} disabled={saving}>
        <Trans id="paynplay.update.submit">Save and play</Trans>
      </Button>
      {saving ? (
        <Progress>
          <Trans id="paynplay.progress.updating">Saving your details…</Trans>
        </Progress>
      ) : null}
    </form>
  );
}
