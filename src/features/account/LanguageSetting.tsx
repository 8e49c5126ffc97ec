import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { SubmitEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { languageChoices, type languageSettingMachine } from '../../../machines/languageSetting.machine';
import { isLanguageCode, LANGUAGES } from '../../../machines/lib/markets';
import { Button } from '../../ui/Button';
import { CardSection } from '../../ui/CardSection';
import { FormError, formActionsClass, formClass, SelectField } from '../../ui/Field';
import * as s from './account.css';
import type { SessionRef } from './sessionRef';
import { languageErrorMessage } from './errorMessages';

/**
 * The player's language (issue 23; product.md §3 "Player profile"): one of the market's languages,
 * each named in itself; Save stores it on the platform (caf as fr, inen as en) and the site switches
 * to it. Shown when the market has more than one language. The session's languageSetting flow,
 * started by the account route.
 */
export function LanguageSetting({ session }: { session: SessionRef }) {
  const actor = useSelector(session, (snapshot) => snapshot.context.flows.languageSetting);
  return actor === null ? null : <Language key={actor.sessionId} actor={actor} />;
}

function Language({ actor }: { actor: ActorRefFrom<typeof languageSettingMachine> }) {
  const { t, i18n } = useLingui();
  const market = useSelector(actor, (snapshot) => snapshot.context.market);
  const choice = useSelector(actor, (snapshot) => snapshot.context.choice);
  const current = useSelector(actor, (snapshot) => snapshot.context.current);
  const saving = useSelector(actor, (snapshot) => snapshot.hasTag('saving'));
  const error = useSelector(actor, (snapshot) => (snapshot.hasTag('failed') ? snapshot.context.error : null));
  const choices = languageChoices(market);
  if (choices.length < 2) return null;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'language.save' });
  };
  return (
    <CardSection headingId="account-language" heading={<Trans id="account.language.heading">Site language</Trans>}>
      <p className={s.text}>
        <Trans id="account.language.intro">The language of the site and of our messages to you.</Trans>
      </p>
      <form className={formClass} noValidate onSubmit={submit} aria-busy={saving}>
        <SelectField
          name="language"
          label={t({ id: 'account.language.label', message: 'Your language' })}
          value={choice}
          onChange={(event) => {
            const language = event.target.value;
            if (isLanguageCode(language)) actor.send({ type: 'language.choose', language });
          }}
        >
          {choices.map((code) => (
            <option key={code} value={code} lang={LANGUAGES[code].intlLocale}>
              {LANGUAGES[code].nativeName}
            </option>
          ))}
        </SelectField>
        {error ? <FormError>{i18n._(languageErrorMessage(error.code))}</FormError> : null}
        <div className={formActionsClass}>
          <Button type="submit" disabled={saving || choice === current}>
            {saving ? <Trans id="common.saving">Saving…</Trans> : <Trans id="account.language.save">Save language</Trans>}
          </Button>
        </div>
      </form>
    </CardSection>
  );
}
