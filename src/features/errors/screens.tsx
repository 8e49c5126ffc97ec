import { Trans } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import { MessageScreen } from '../../ui/MessageScreen';
import * as s from '../../ui/screen.css';

// product.md §2 "Whole-app and overlay screens", behaviour.md §8 "General": the two render-crash
// screens and the router's default error screen, with the spec's texts (translated).

export type Reload = () => void;

const reloadPage: Reload = () => {
  window.location.reload();
};

/** The top-level crash screen (the boundary around the whole app). */
export function AppCrashScreen({ onReload = reloadPage }: { onReload?: Reload }) {
  return (
    <MessageScreen
      title={<Trans id="error.appCrash.title">Oops, something went wrong. Please reload the page to try again.</Trans>}
      actions={
        <Button onClick={onReload}>
          <Trans id="error.appCrash.reload">Reload</Trans>
        </Button>
      }
    />
  );
}

/** A screen that crashed while rendering. "Try again" reloads the page (product.md §2). */
export function RenderCrashScreen({ onReload = reloadPage, layout = 'inline' }: { onReload?: Reload; layout?: 'screen' | 'inline' }) {
  return (
    <MessageScreen
      layout={layout}
      title={<Trans id="error.renderCrash.title">SOMETHING WENT WRONG</Trans>}
      actions={
        <Button onClick={onReload}>
          <Trans id="common.tryAgain">Try again</Trans>
        </Button>
      }
    >
      <p className={s.text}>
        <Trans id="error.renderCrash.text">Please try again</Trans>
      </p>
    </MessageScreen>
  );
}

/** The router's default error screen: a loader or HTTP failure, with its status or message. */
export function RouterErrorScreen({
  status,
  message,
  onReload = reloadPage,
  layout = 'inline',
}: {
  status: number;
  message: string;
  onReload?: Reload;
  layout?: 'screen' | 'inline';
}) {
  return (
    <MessageScreen
      layout={layout}
      title={<Trans id="error.router.title">Unexpected Application Error!</Trans>}
      actions={
        <Button variant="secondary" onClick={onReload}>
          <Trans id="error.appCrash.reload">Reload</Trans>
        </Button>
      }
    >
      <p className={s.detail}>{status > 0 ? `${String(status)} ${message}`.trim() : message}</p>
    </MessageScreen>
  );
}
