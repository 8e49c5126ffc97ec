import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useState, type SubmitEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { SIGNUP_CODE_LENGTH } from '../../../machines/lib/constants';
import { COUNTRIES, isCountryCode } from '../../../machines/lib/countries';
import type { phoneChangeMachine, PhoneChangeError } from '../../../machines/phoneChange.machine';
import type { codeVerificationMachine } from '../../../machines/codeVerification.machine';
import type { PlayerProfile } from '../../api/player';
import { Button } from '../../ui/Button';
import { CodeField, useCodeEntry } from '../../ui/CodeField';
import { FormError, formActionsClass, formClass } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { PhoneField } from '../../ui/PhoneField';
import * as s from './account.css';
import { accountFieldMessage, phoneErrorMessage } from './errorMessages';
import { formText } from './format';
import { phoneErrors, type FieldErrors } from './validation';
import { CardSection } from '../../ui/CardSection';
import type { SessionRef } from './sessionRef';

type PhoneChangeActor = ActorRefFrom<typeof phoneChangeMachine>;
type CodeActor = ActorRefFrom<typeof codeVerificationMachine>;

/** The platform's field errors of a refused call, by field name (first code of each). */
function serverFieldErrors(error: PhoneChangeError | null): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, code } of error?.fieldErrors ?? []) {
    const target = field === 'mobilePhone' ? 'phoneBody' : field;
    errors[target] ??= code;
  }
  return errors;
}

/** The prefix the form starts with: the player's current one, else their country's. */
function initialPrefix(profile: PlayerProfile | null): string {
  if (profile?.phonePrefix) return profile.phonePrefix;
  const country = profile?.countryCode ?? '';
  return isCountryCode(country) ? COUNTRIES[country].dialingCode : COUNTRIES.FI.dialingCode;
}

/**
 * The phone change (behaviour.md §4 "Phone change", §5: it requires an SMS code): the new number,
 * then the SMS code popup; a verified code makes it the player's number. The session's phoneChange
 * flow, started by the account route; after a change the session reloads the profile, shows the
 * toast and starts a fresh flow, which gets a fresh form.
 */
export function PhoneChangeForm({ session, profile }: { session: SessionRef; profile: PlayerProfile | null }) {
  const actor = useSelector(session, (snapshot) => snapshot.context.flows.phoneChange);
  return actor === null ? null : <PhoneChange key={actor.sessionId} actor={actor} profile={profile} />;
}

function PhoneChange({ actor, profile }: { actor: PhoneChangeActor; profile: PlayerProfile | null }) {
  const { t, i18n } = useLingui();
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const requesting = useSelector(actor, (snapshot) => snapshot.matches('requesting'));
  const popupOpen = useSelector(actor, (snapshot) => snapshot.hasTag('popup'));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  // Errors of the popup show inside it; once it is closed by an error, that error shows here.
  const formError = popupOpen ? null : error;
  const shownErrors = { ...(formError ? serverFieldErrors(formError) : {}), ...fieldErrors };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const phonePrefix = formText(event.currentTarget, 'phonePrefix');
    const phoneBody = formText(event.currentTarget, 'phoneBody');
    const problems = phoneErrors(phonePrefix, phoneBody);
    setFieldErrors(problems);
    if (Object.keys(problems).length === 0) actor.send({ type: 'phone.submit', phonePrefix, phoneBody: phoneBody.replace(/[\s-]/g, '') });
  };
  const fieldMessage = (field: string) => {
    const code = shownErrors[field];
    return code === undefined ? undefined : i18n._(accountFieldMessage(code));
  };
  const hasFieldErrors = formError !== null && formError.fieldErrors.length > 0;

  return (
    <CardSection headingId="account-phone-change" heading={<Trans id="account.phone.heading">Change mobile phone</Trans>}>
      <p className={s.text}>
        <Trans id="account.phone.text">We will send a code by text message to the new number to confirm it is yours.</Trans>
      </p>
      <form className={formClass} noValidate onSubmit={submit} aria-busy={requesting}>
        <PhoneField
          key={initialPrefix(profile)}
          prefix={{
            defaultValue: initialPrefix(profile),
            label: t({ id: 'phone.prefix.label', message: 'Country code' }),
            error: fieldMessage('phonePrefix'),
          }}
          number={{ required: true, label: t({ id: 'account.phone.number', message: 'New mobile number' }), error: fieldMessage('phoneBody') }}
        />
        {formError && !hasFieldErrors ? <FormError>{i18n._(phoneErrorMessage(formError.code))}</FormError> : null}
        <div className={formActionsClass}>
          <Button type="submit" disabled={requesting}>
            {requesting ? <Trans id="account.phone.sending">Sending code…</Trans> : <Trans id="code.send">Send code</Trans>}
          </Button>
        </div>
      </form>
      <CodePopup actor={actor} />
    </CardSection>
  );
}

/** The SMS code popup, open while the flow holds a verification id (behaviour.md §4). */
function CodePopup({ actor }: { actor: PhoneChangeActor }) {
  const open = useSelector(actor, (snapshot) => snapshot.hasTag('popup'));
  const phone = useSelector(actor, (snapshot) => `${snapshot.context.phonePrefix} ${snapshot.context.phoneBody}`);
  const code = useSelector(actor, (snapshot) => snapshot.children.codeVerification);
  return (
    <Modal
      open={open}
      onClose={() => actor.send({ type: 'popup.close' })}
      title={<Trans id="code.heading">Enter the code</Trans>}
      description={<Trans id="account.phone.popup.text">We sent a {SIGNUP_CODE_LENGTH}-digit code by text message to {phone}.</Trans>}
    >
      {code ? <CodeForm code={code} /> : null}
    </Modal>
  );
}

/** The code as the code-verification child holds it; its errors stay in the popup. */
function CodeForm({ code: actor }: { code: CodeActor }) {
  const { i18n } = useLingui();
  // The field's own rule by the field; the platform's answer for the popup (role=alert).
  const { field, loading, resent, fieldRule, flowCode, submit, resend } = useCodeEntry(actor);

  return (
    <form className={formClass} noValidate onSubmit={submit} aria-busy={loading}>
      <CodeField {...field} error={fieldRule === null ? undefined : i18n._(accountFieldMessage(fieldRule))} />
      {fieldRule === null && flowCode !== null ? <FormError>{i18n._(phoneErrorMessage(flowCode))}</FormError> : null}
      <p className={s.status} role="status">
        {resent ? <Trans id="code.resent">A new code is on its way.</Trans> : null}
      </p>
      <div className={formActionsClass}>
        <Button type="button" variant="secondary" disabled={loading} onClick={resend}>
          <Trans id="code.resend">Send a new code</Trans>
        </Button>
        <Button type="submit" disabled={loading}>
          {loading ? <Trans id="common.checking">Checking…</Trans> : <Trans id="code.submit">Confirm</Trans>}
        </Button>
      </div>
    </form>
  );
}
