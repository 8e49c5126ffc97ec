import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { PAY_AND_PLAY_MAX_DEPOSIT, PAY_AND_PLAY_MIN_DEPOSIT, PAY_AND_PLAY_PRESET_AMOUNTS } from '../../../machines/lib/constants';
import { checkDepositForm } from '../../../machines/lib/payAndPlay';
import { LIMIT_DURATIONS, LIMIT_MIN_AMOUNT } from '../../../machines/lib/responsibleGambling';
import { Button } from '../../ui/Button';
import { formClass, FormError, SelectField, TextField } from '../../ui/Field';
import { amountErrorMessage, firstLimitErrorMessage, flowErrorMessage, limitPeriodName } from './errorMessages';
import type { MoneyFormat } from './format';
import type { PayAndPlayActor } from './actor';
import { Progress } from './Progress';
import * as s from './payAndPlay.css';

/**
 * The amount step: preset amounts and a custom one, the confirmation of what happens next, and the
 * button that opens the bank identification (behaviour.md §4 "Pay and play").
 */
export function AmountStep({ actor, money, langmarket }: { actor: PayAndPlayActor; money: MoneyFormat; langmarket: string }) {
  const { t, i18n } = useLingui();
  const amountText = useSelector(actor, (snapshot) => snapshot.context.amountText);
  const amountError = useSelector(actor, (snapshot) => snapshot.context.amountError);
  const errorCode = useSelector(actor, (snapshot) => snapshot.context.errorCode);
  const currency = useSelector(actor, (snapshot) => snapshot.context.visitor.currency);
  const authorizing = useSelector(actor, (snapshot) => snapshot.hasTag('amount') && snapshot.hasTag('loading'));
  const firstLimit = useSelector(actor, (snapshot) => snapshot.context.visitor.firstLimit);
  const limitText = useSelector(actor, (snapshot) => snapshot.context.limitText);
  const limitDuration = useSelector(actor, (snapshot) => snapshot.context.limitDuration);
  const limitError = useSelector(actor, (snapshot) => snapshot.context.limitError);
  const check = checkDepositForm({ amountText, limitText, limitDuration }, firstLimit).amount;
  const min = money.short(PAY_AND_PLAY_MIN_DEPOSIT);
  const max = money.short(PAY_AND_PLAY_MAX_DEPOSIT);
  const deposit = check.ok ? money.exact(check.amount) : '';
  const limitMin = money.short(LIMIT_MIN_AMOUNT);
  const limitMax = firstLimit === null ? '' : money.short(firstLimit.max[limitDuration]);
  // One text for the bounds of the amount and of the limit (the placeholders are the macro's names).
  const bounds = (min: string, max: string) => t({ id: 'payAndPlay.amount.bounds', message: `From ${min} to ${max}` });
  const change = (value: string) => actor.send({ type: 'amount.change', value });

  return (
    <form
      className={formClass}
      noValidate
      aria-busy={authorizing}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'amount.submit' });
      }}
    >
      <fieldset className={s.presets}>
        <legend className={s.legend}>
          <Trans id="payAndPlay.amount.presets">Choose an amount</Trans>
        </legend>
        {PAY_AND_PLAY_PRESET_AMOUNTS.map((preset) => {
          const selected = check.ok && check.amount === preset;
          return (
            <Button
              key={preset}
              variant={selected ? 'primary' : 'secondary'}
              className={s.preset}
              aria-pressed={selected}
              disabled={authorizing}
              onClick={() => change(String(preset))}
            >
              {money.short(preset)}
            </Button>
          );
        })}
      </fieldset>
      <TextField
        label={t({ id: 'payAndPlay.amount.custom', message: `Or enter an amount (${currency})` })}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={amountText}
        readOnly={authorizing}
        onChange={(event) => change(event.target.value)}
        hint={bounds(min, max)}
        error={amountError === null ? undefined : i18n._(amountErrorMessage(amountError, min, max))}
      />
      {firstLimit === null ? null : (
        // Issue 21: the market requires a deposit limit before the first deposit (Sweden, Germany).
        <fieldset className={s.limit}>
          <legend className={s.legend}>
            {firstLimit.durations.length > 1 ? <Trans id="payAndPlay.limit.legend">Your deposit limit</Trans> : i18n._(limitPeriodName(limitDuration))}
          </legend>
          <p className={s.fineprint}>
            <Trans id="payAndPlay.limit.intro">
              The rules of your country ask for a deposit limit before your first deposit. It applies at once; you can change it later in your account.
            </Trans>
          </p>
          {firstLimit.durations.length > 1 ? (
            <SelectField
              label={t({ id: 'payAndPlay.limit.period', message: 'Limit period' })}
              name="limitDuration"
              value={limitDuration}
              disabled={authorizing}
              onChange={(event) => {
                const duration = LIMIT_DURATIONS.find((candidate) => candidate === event.target.value);
                if (duration !== undefined) actor.send({ type: 'limit.duration', duration });
              }}
            >
              {firstLimit.durations.map((duration) => (
                <option key={duration} value={duration}>
                  {i18n._(limitPeriodName(duration))}
                </option>
              ))}
            </SelectField>
          ) : null}
          <TextField
            label={t({ id: 'payAndPlay.limit.amount', message: `Limit (${currency})` })}
            name="limit"
            inputMode="decimal"
            autoComplete="off"
            value={limitText}
            readOnly={authorizing}
            onChange={(event) => actor.send({ type: 'limit.change', value: event.target.value })}
            hint={bounds(limitMin, limitMax)}
            error={limitError === null ? undefined : i18n._(firstLimitErrorMessage(limitError, limitMin, limitMax))}
          />
        </fieldset>
      )}
      <p className={s.summary} aria-live="polite">
        {check.ok ? <Trans id="payAndPlay.amount.summary">You will identify with your bank and deposit {deposit}.</Trans> : null}
      </p>
      {errorCode !== null && !authorizing ? <FormError>{i18n._(flowErrorMessage(errorCode))}</FormError> : null}
      <Button type="submit" size="lg" className={s.submit} disabled={authorizing}>
        <Trans id="payAndPlay.amount.submit">Identify with your bank</Trans>
      </Button>
      {authorizing ? (
        <Progress>
          <Trans id="payAndPlay.progress.authorizing">Opening your bank's identification…</Trans>
        </Progress>
      ) : null}
      <p className={s.fineprint}>
        <Trans id="payAndPlay.amount.fineprint">
          By continuing you confirm that you are 18 or older and accept our{' '}
          <Link to="/$langmarket/terms" params={{ langmarket }}>
            terms and conditions
          </Link>
          . Your bank tells us who you are, so there is no form to fill in.
        </Trans>
      </p>
    </form>
  );
}
