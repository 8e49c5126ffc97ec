import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { SubmitEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { CA_PROVINCES, type ProvinceCode } from '../../../machines/lib/address';
import type { provinceChangeMachine } from '../../../machines/provinceChange.machine';
import { Button } from '../../ui/Button';
import { CardSection } from '../../ui/CardSection';
import { FormError, formActionsClass, formClass, SelectField } from '../../ui/Field';
import { LoadFailed } from '../../ui/LoadFailed';
import { useFormFlowTags } from '../../ui/useFormFlowTags';
import * as s from './account.css';
import { provinceErrorMessage } from './errorMessages';
import type { SessionRef } from './sessionRef';

type ProvinceActor = ActorRefFrom<typeof provinceChangeMachine>;

/** product.md §3 "Canadian provinces list (Ontario is ON)": each of the 13 by its name in the page's language. */
const PROVINCE_NAMES: Readonly<Record<ProvinceCode, MessageDescriptor>> = {
  AB: msg({ id: 'province.AB', message: 'Alberta' }),
  BC: msg({ id: 'province.BC', message: 'British Columbia' }),
  MB: msg({ id: 'province.MB', message: 'Manitoba' }),
  NB: msg({ id: 'province.NB', message: 'New Brunswick' }),
  NL: msg({ id: 'province.NL', message: 'Newfoundland and Labrador' }),
  NS: msg({ id: 'province.NS', message: 'Nova Scotia' }),
  NT: msg({ id: 'province.NT', message: 'Northwest Territories' }),
  NU: msg({ id: 'province.NU', message: 'Nunavut' }),
  ON: msg({ id: 'province.ON', message: 'Ontario' }),
  PE: msg({ id: 'province.PE', message: 'Prince Edward Island' }),
  QC: msg({ id: 'province.QC', message: 'Quebec' }),
  SK: msg({ id: 'province.SK', message: 'Saskatchewan' }),
  YT: msg({ id: 'province.YT', message: 'Yukon' }),
};

/**
 * The Canadian player's province or territory (issue 23; product.md §3 "Account details": "province
 * forms"): the 13 by name, the stored one chosen; Save stores another, and the next session carries
 * it. Shown to a player whose country is Canada only (the flow is `notApplicable` for anyone else).
 * The session's provinceChange flow, started by the account route.
 */
export function ProvinceForm({ session }: { session: SessionRef }) {
  const actor = useSelector(session, (snapshot) => snapshot.context.flows.provinceChange);
  const applicable = useSelector(actor ?? undefined, (snapshot) => (snapshot === undefined ? false : !snapshot.hasTag('notApplicable')));
  return actor === null || !applicable ? null : <Province key={actor.sessionId} actor={actor} />;
}

function Province({ actor }: { actor: ProvinceActor }) {
  const { t, i18n } = useLingui();
  const choice = useSelector(actor, (snapshot) => snapshot.context.choice);
  const stored = useSelector(actor, (snapshot) => snapshot.context.stored);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const { loading, loadFailed, editable, saving, saved, saveFailed } = useFormFlowTags(actor);
  const names = [...CA_PROVINCES].map((code) => ({ code, name: i18n._(PROVINCE_NAMES[code]) })).sort((a, b) => a.name.localeCompare(b.name, i18n.locale));

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'province.save' });
  };
  return (
    <CardSection headingId="account-province" heading={<Trans id="account.province.heading">Province or territory</Trans>}>
      <p className={s.text}>
        <Trans id="account.province.intro">Where in Canada you live. The rules of your province apply to your play.</Trans>
      </p>
      {loadFailed ? (
        <LoadFailed onRetry={() => actor.send({ type: 'province.retry' })}>
          {i18n._(provinceErrorMessage(error?.code === 'network' ? 'network' : 'unknown'))}
        </LoadFailed>
      ) : loading ? (
        <p className={s.text} role="status">
          <Trans id="account.province.loading">Loading your province…</Trans>
        </p>
      ) : (
        <form className={formClass} noValidate onSubmit={submit} aria-busy={saving}>
          <SelectField
            name="provinceCode"
            label={t({ id: 'account.province.label', message: 'Your province or territory' })}
            value={choice ?? ''}
            disabled={!editable}
            onChange={(event) => actor.send({ type: 'province.choose', provinceCode: event.target.value })}
          >
            {choice === null ? (
              <option value="" disabled>
                {t({ id: 'verification.choose', message: 'Choose…' })}
              </option>
            ) : null}
            {names.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </SelectField>
          {saveFailed && error !== null ? <FormError>{i18n._(provinceErrorMessage(error.code))}</FormError> : null}
          <p className={s.status} role="status">
            {saved ? <Trans id="account.province.saved">Your province is saved.</Trans> : null}
          </p>
          <div className={formActionsClass}>
            <Button type="submit" disabled={!editable || choice === null || choice === stored}>
              {saving ? <Trans id="common.saving">Saving…</Trans> : <Trans id="account.province.save">Save province</Trans>}
            </Button>
          </div>
        </form>
      )}
    </CardSection>
  );
}
