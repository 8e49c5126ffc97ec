import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../api/auth';
import { Button } from '../../ui/Button';
import { FormError, formActionsClass } from '../../ui/Field';
import * as s from './auth.css';
import type { SessionRef } from './AccountActions';

/**
 * /unlock?key=… (issue 9: the player's own unlock): the page of the link e-mailed from the
 * max-attempts modal. The key is sent only when the player presses the button, so that a mail
 * scanner that opens links does not spend it; then the player logs in.
 */
export function UnlockPage({ session, unlockKey }: { session: SessionRef; unlockKey: string | undefined }) {
  const { t } = useLingui();
  const unlock = useMutation({ mutationFn: (key: string) => authApi.unlock({ key }) });
  const logIn = () => session.send({ type: 'login.open', redirect: '/' });
  const title = t({ id: 'unlock.title', message: 'Unlock your account' });
  return (
    <article className={s.page}>
      <title>{title}</title>
      <h1 className={s.title}>{title}</h1>
      {unlock.isSuccess ? (
        <>
          <p className={s.text} role="status">
            <Trans id="unlock.done">Your account is unlocked. You can log in now.</Trans>
          </p>
          <div className={formActionsClass}>
            <Button onClick={logIn}>
              <Trans id="account.login">Log in</Trans>
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className={s.text}>
            <Trans id="unlock.text">
              Too many failed log-in attempts locked your account. Press the button to lift the lock. If you did not try to
              log in yourself, change your password once you are in.
            </Trans>
          </p>
          {unlock.isError || unlockKey === undefined ? (
            <FormError>
              <Trans id="unlock.invalid">
                This link is unknown, already used or expired. Ask for a new one from the log-in window.
              </Trans>
            </FormError>
          ) : null}
          <div className={formActionsClass}>
            {unlockKey !== undefined && !unlock.isError ? (
              <Button disabled={unlock.isPending} onClick={() => unlock.mutate(unlockKey)}>
                <Trans id="unlock.submit">Unlock my account</Trans>
              </Button>
            ) : (
              <Button onClick={logIn}>
                <Trans id="account.login">Log in</Trans>
              </Button>
            )}
          </div>
        </>
      )}
    </article>
  );
}
