import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { idleLogoutAt, type idleMachine } from '../../../machines/idle.machine';
import { Button } from '../../ui/Button';
import { formActionsClass } from '../../ui/Field';
import { Modal } from '../../ui/Modal';

export type IdleRef = ActorRefFrom<typeof idleMachine>;

/** Seconds left until `until` (ms since the epoch), ticking once a second. */
function useSecondsLeft(until: number): number {
  // UI-only state: the clock the countdown shows.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((until - now) / 1_000));
}

/**
 * The idle-warning modal (product.md §2 "idle-timer modal"; behaviour.md §4 idle check): shown by
 * the idle timer shortly before the idle limit, with a countdown. "Stay logged in" answers it; "Log
 * out" logs out now; doing nothing lets the limit log the player out.
 */
export function IdleWarningDialog({ idle, onLogout }: { idle: IdleRef; onLogout: () => void }) {
  const warning = useSelector(idle, (snapshot) => snapshot.hasTag('warning'));
  const logoutAt = useSelector(idle, (snapshot) => idleLogoutAt(snapshot.context));
  if (!warning || logoutAt === null) return null;
  return <IdleWarning logoutAt={logoutAt} onStay={() => idle.send({ type: 'idle.stay' })} onLogout={onLogout} />;
}

function IdleWarning({ logoutAt, onStay, onLogout }: { logoutAt: number; onStay: () => void; onLogout: () => void }) {
  const { t } = useLingui();
  const seconds = useSecondsLeft(logoutAt);
  return (
    <Modal
      open
      alert
      dismissible={false}
      onClose={onStay}
      title={t({ id: 'idle.title', message: 'Are you still there?' })}
      description={t({
        id: 'idle.countdown',
        message: plural(seconds, {
          one: 'You have been inactive for a while. For your security you will be logged out in # second.',
          other: 'You have been inactive for a while. For your security you will be logged out in # seconds.',
        }),
      })}
    >
      <div className={formActionsClass}>
        <Button variant="secondary" onClick={onLogout}>
          <Trans id="account.logout">Log out</Trans>
        </Button>
        <Button onClick={onStay}>
          <Trans id="idle.stay">Stay logged in</Trans>
        </Button>
      </div>
    </Modal>
  );
}
