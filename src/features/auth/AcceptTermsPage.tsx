import { Trans } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { format, parseISO } from 'date-fns';
import { DISPLAY_DATE_FORMAT } from '../../../machines/lib/constants';
import { formatLangMarket, type LangMarket } from '../../../machines/lib/markets';
import { apiUrl } from '../../api/client';
import { playerApi } from '../../api/player';
import { termsVersionsQuery } from '../../api/queries';
import { Button } from '../../ui/Button';
import { FormError, formActionsClass } from '../../ui/Field';
import * as s from './auth.css';
import type { SessionRef } from './AccountActions';

/** A document URL from the content service: its /api paths go through the configured API base. */
function documentHref(url: string): string {
  return url.startsWith('/api/') ? apiUrl(url.slice('/api'.length)) : url;
}

function displayDate(iso: string): string | null {
  const date = parseISO(iso);
  return Number.isNaN(date.getTime()) ? null : format(date, DISPLAY_DATE_FORMAT);
}

/**
 * /accept-terms-condition (product.md §2 "forced acceptance of updated terms"; behaviour.md §6 and
 * §7 /player/update_term_and_condition_version): the current terms document, and "I accept", which
 * saves the version, tells the session, and goes on to the site.
 */
export function AcceptTermsPage({ session, langMarket }: { session: SessionRef; langMarket: LangMarket }) {
  const navigate = useNavigate();
  const langmarket = formatLangMarket(langMarket);
  const terms = useQuery(termsVersionsQuery(langMarket));
  const sessionVersion = useSelector(session, (snapshot) => snapshot.context.currentTermsVersion);
  const current = terms.data?.current ?? null;
  const version = current?.version ?? sessionVersion;
  const file = current?.files.find((candidate) => candidate.language === langMarket.language) ?? current?.files[0] ?? null;
  const published = current ? displayDate(current.publishedAt) : null;
  const accept = useMutation({
    mutationFn: (accepted: number) => playerApi.acceptTerms(accepted),
    onSuccess: (_answer, accepted) => {
      session.send({ type: 'terms.accepted', version: accepted });
      void navigate({ to: '/$langmarket', params: { langmarket } });
    },
  });
  return (
    <article className={s.page}>
      <h1 className={s.title}>
        <Trans id="terms.accept.title">Our terms and conditions have changed</Trans>
      </h1>
      <p className={s.text}>
        <Trans id="terms.accept.text">
          Please read the updated terms and conditions. To keep playing, accept them below. Your account pages stay open to
          you in the meantime.
        </Trans>
      </p>
      <div className={s.documentCard}>
        {version !== null ? (
          <p className={s.text}>
            {published !== null ? (
              <Trans id="terms.accept.versionDate">
                Version {version}, published {published}
              </Trans>
            ) : (
              <Trans id="terms.accept.version">Version {version}</Trans>
            )}
          </p>
        ) : null}
        {file !== null ? (
          <a className={s.link} href={documentHref(file.url)} target="_blank" rel="noopener noreferrer">
            <Trans id="terms.accept.read">Read the terms and conditions (opens in a new tab)</Trans>
          </a>
        ) : (
          <Link className={s.link} to="/$langmarket/terms" params={{ langmarket }}>
            <Trans id="terms.accept.readPage">Read the terms and conditions</Trans>
          </Link>
        )}
      </div>
      {accept.isError ? (
        <FormError>
          <Trans id="terms.accept.error">We could not save your answer. Please try again.</Trans>
        </FormError>
      ) : null}
      <div className={formActionsClass}>
        <Button variant="secondary" onClick={() => session.send({ type: 'session.logout' })}>
          <Trans id="account.logout">Log out</Trans>
        </Button>
        <Button disabled={version === null || accept.isPending} onClick={() => version !== null && accept.mutate(version)}>
          {accept.isPending ? <Trans id="common.saving">Saving…</Trans> : <Trans id="terms.accept.submit">I accept</Trans>}
        </Button>
      </div>
    </article>
  );
}
