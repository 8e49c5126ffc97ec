import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { gameLaunchMachine, GameFrameErrorCode, GameLaunchFailure } from '../../../machines/gameLaunch.machine';
import { ERROR_CODES } from '../../../machines/lib/errorCodes';
import { LOBBY_PATHS, type LobbyType } from '../../../machines/lib/games';
import { formatLangMarket, type LangMarket } from '../../../machines/lib/markets';
import { Button } from '../../ui/Button';
import { button } from '../../ui/button.css';
import { Loader } from '../../ui/Loader';
import { acceptFrameMessage } from './frameMessages';
import * as s from './games.css';
import type { SessionRef } from './lobbyState';
import { isAnonymous, isAuthorized } from '../../../machines/session.guards';

// The game page (product.md §2 /online-casino/play/{provider}/{id}, /live-casino-online/play/...,
// /play/{gameSlug}; behaviour.md §4 "Game launch"): the session's game launch flow, drawn. While it
// loads, a loader; then the provider's game in a sandboxed frame; on a failure, what failed in the
// player's words and a way on. The frame may post to the page: a message counts only when it comes
// from the provider's origin, from this frame, in the documented shape (src/api/gameLaunch.ts).
// Around a running game, the market's compliance bars (issue 13: the UK session clock and net
// position, UKGC RTS 13C; the German panic button) stay on screen in the shell's sticky top: the
// frame's height leaves room for them (games.css.ts frame).

type LaunchRef = ActorRefFrom<typeof gameLaunchMachine>;

/**
 * What the game may do in its frame: run its scripts and talk to its own origin (a different origin
 * from the site's, so it still cannot touch the site), submit its forms, go full screen. No popups,
 * no top navigation, no downloads.
 */
const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms';
const FRAME_ALLOW = 'fullscreen; autoplay';

function useFailureText(failure: GameLaunchFailure | null): string {
  const { t } = useLingui();
  if (failure === null) return '';
  const unknown = t({ id: 'games.launch.unknown', message: 'Unknown error' });
  switch (failure.step) {
    case 'noGameData':
      return t({ id: 'games.launch.noGameData', message: 'No game data returned' });
    case 'providerMismatch':
      return t({ id: 'games.launch.notFound', message: 'This game does not exist.' });
    case 'demoUnavailable':
      return t({ id: 'games.launch.demoUnavailable', message: 'Live tables are played with real money only: log in to play.' });
    case 'detail':
    case 'grant':
    case 'url':
      switch (failure.error.code) {
        case ERROR_CODES.notFound:
          return t({ id: 'games.launch.notFound', message: 'This game does not exist.' });
        case ERROR_CODES.gameRestricted:
          return t({ id: 'games.launch.restricted', message: 'This game is not available in your country.' });
        case ERROR_CODES.gameAccessRestricted:
          return t({ id: 'games.launch.accessRestricted', message: 'Your account cannot play these games right now.' });
        case ERROR_CODES.gameDemoUnavailable:
          return t({ id: 'games.launch.demoUnavailable', message: 'Live tables are played with real money only: log in to play.' });
        case ERROR_CODES.gameTokenExpired:
          return t({ id: 'games.launch.tokenExpired', message: 'Token expired. Please try again.' });
        case ERROR_CODES.limitsRequired:
          return t({ id: 'games.launch.limitsRequired', message: 'Before you play for real money, set the gambling limits your country requires.' });
        case 'network':
          return t({ id: 'games.launch.network', message: 'No connection to the game. Check your connection and try again.' });
        default:
          return failure.step === 'url' ? t({ id: 'games.launch.provider', message: 'The game provider could not start the game. Please try again.' }) : unknown;
      }
  }
}

function useFrameErrorText(code: GameFrameErrorCode | null, demo: boolean): string | null {
  const { t } = useLingui();
  if (code === null) return null;
  // Issue 20: a real-money game ends with the player's login (a logout in another tab, the idle
  // logout, the session's lifetime, a break): the platform refuses its bets, and the player is
  // offered to log in again.
  if (code === 'SESSION_ENDED' && !demo) {
    return t({ id: 'games.frame.sessionEndedReal', message: 'Your session has ended, so this game takes no more real-money bets. Log in again to play on.' });
  }
  switch (code) {
    case 'NOT_ENOUGH_FUNDS':
      return t({ id: 'games.frame.notEnoughFunds', message: 'Your balance is too low for this bet. Deposit or choose a smaller stake.' });
    case 'RESTRICTED':
      return t({ id: 'games.frame.restricted', message: 'Your account cannot play this game right now.' });
    case 'SESSION_ENDED':
      return t({ id: 'games.frame.sessionEnded', message: 'This game session has ended. Close the game and open it again.' });
    case 'UNAVAILABLE':
      return t({ id: 'games.frame.unavailable', message: 'The game cannot go on right now. Please try again later.' });
  }
}

interface LaunchViewProps {
  flow: LaunchRef;
  langMarket: LangMarket;
  lobby: LobbyType;
  session: SessionRef;
  /** The player's login ended under a real-money game: end this page's session too, then log in. */
  onLogInAgain: () => void;
}

function LaunchView({ flow, langMarket, lobby, session, onLogInAgain }: LaunchViewProps) {
  const { t } = useLingui();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const state = useSelector(flow, (snapshot) => (snapshot.matches('loading') ? 'loading' : snapshot.matches('game') ? 'game' : snapshot.matches('error') ? 'error' : 'done'));
  const detail = useSelector(flow, (snapshot) => snapshot.context.detail);
  const url = useSelector(flow, (snapshot) => snapshot.context.url);
  const failure = useSelector(flow, (snapshot) => snapshot.context.failure);
  const frameError = useSelector(flow, (snapshot) => snapshot.context.frameError);
  const demo = useSelector(flow, (snapshot) => snapshot.context.input.demo);
  const failureText = useFailureText(failure);
  const frameErrorText = useFrameErrorText(frameError, demo);
  const langmarket = formatLangMarket(langMarket);
  const lobbyHref = `/${langmarket}${LOBBY_PATHS[detail?.type ?? lobby]}`;
  const providerOrigin = detail?.providerOrigin ?? null;
  const navigate = useNavigate();

  // The game closed itself (its own close button): back to the lobby.
  useEffect(() => {
    if (state === 'done') void navigate({ href: lobbyHref });
  }, [navigate, lobbyHref, state]);

  useEffect(() => {
    if (state !== 'game' || providerOrigin === null) return;
    const onMessage = (event: MessageEvent) => {
      const message = acceptFrameMessage(event, { origin: providerOrigin, source: frameRef.current?.contentWindow ?? null });
      if (message === null) return;
      flow.send({ type: 'game.frame', message });
      // A round is the player's own doing (the games have no autoplay), but the idle timer cannot
      // see the pointer inside the provider's frame: a round counts as activity, so a player who
      // plays is not logged out as idle (which would end the game with the session, issue 20).
      if (message.kind === 'round-ended') session.send({ type: 'idle.activity', at: Date.now() });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [flow, providerOrigin, session, state]);

  const title = detail?.label ?? t({ id: 'games.launch.title', message: 'Game' });
  return (
    <div className={s.gamePage}>
      <div className={s.gameBar}>
        <h1 className={s.gameTitle}>
          {title}
          {state === 'game' && demo ? (
            <span className={s.tileMeta}>
              <Trans id="games.launch.demoMode">Playing for fun: no real money</Trans>
            </span>
          ) : null}
        </h1>
        <Link
          to={(detail?.type ?? lobby) === 'casino' ? '/$langmarket/online-casino' : '/$langmarket/live-casino-online'}
          params={{ langmarket }}
          className={button({ variant: 'secondary', size: 'sm' })}
        >
          <Trans id="games.launch.close">Close game</Trans>
        </Link>
      </div>
      {state === 'loading' ? <Loader layout="inline" /> : null}
      {state === 'error' ? (
        <div className={s.notice} role="alert">
          <p>{failureText}</p>
          {failure?.step === 'demoUnavailable' ? (
            <Button onClick={() => session.send({ type: 'login.open', redirect: window.location.pathname })}>
              <Trans id="account.login">Log in</Trans>
            </Button>
          ) : failure !== null && 'error' in failure && failure.error.code === ERROR_CODES.limitsRequired ? (
            // Issue 13 "limits first" (DE, NL): 409 error.limits.required; the way on is the limits page, not a retry.
            <Link to="/$langmarket/my-account/gambling-limits" params={{ langmarket }} className={button({ size: 'md' })}>
              <Trans id="compliance.setLimits">Set your limits</Trans>
            </Link>
          ) : failure?.step === 'grant' || failure?.step === 'url' || (failure?.step === 'detail' && failure.error.code === 'network') ? (
            <Button onClick={() => flow.send({ type: 'game.retry' })}>
              <Trans id="common.tryAgain">Try again</Trans>
            </Button>
          ) : null}
        </div>
      ) : null}
      {state === 'game' && url !== null ? (
        <>
          {frameErrorText !== null ? (
            <div className={s.notice} role="status">
              <p>{frameErrorText}</p>
              {frameError === 'SESSION_ENDED' && !demo ? (
                <Button onClick={onLogInAgain}>
                  <Trans id="account.login">Log in</Trans>
                </Button>
              ) : null}
            </div>
          ) : null}
          <iframe ref={frameRef} className={s.frame} src={url} title={title} sandbox={FRAME_SANDBOX} allow={FRAME_ALLOW} referrerPolicy="origin" />
        </>
      ) : null}
    </div>
  );
}

export interface GamePageProps {
  session: SessionRef;
  langMarket: LangMarket;
  lobby: LobbyType;
  /** Starts the route's game again (the route knows which). */
  onRestart: () => void;
}

export function GamePage({ session, langMarket, lobby, onRestart }: GamePageProps) {
  const flow = useSelector(session, (snapshot) => snapshot.context.flows.gameLaunch);
  const authorized = useSelector(session, isAuthorized);
  const navigate = useNavigate();
  const previous = useRef(authorized);
  // A login turns a demo into real money; a logout ends real-money play (the session stopped the
  // game): a casino game goes on in demo, a live table sends the visitor to the live casino home.
  useEffect(() => {
    if (previous.current === authorized) return;
    previous.current = authorized;
    if (!authorized && lobby === 'live-casino') void navigate({ href: `/${formatLangMarket(langMarket)}${LOBBY_PATHS[lobby]}`, replace: true });
    else onRestart();
  }, [authorized, lobby, langMarket, navigate, onRestart]);
  // "Log in again" after the platform ended the login: this page's session ends too (the platform
  // already ended it; a logout leads home), the login dialog opens, and the login brings the player
  // back to this game for real money. The game's path is kept from the click, and the subscription
  // outlives this page on purpose.
  const onLogInAgain = useCallback(() => {
    const redirect = window.location.pathname;
    const waiting = session.subscribe((snapshot) => {
      if (!isAnonymous(snapshot)) return;
      waiting.unsubscribe();
      session.send({ type: 'login.open', redirect });
    });
    session.send({ type: 'session.unauthorized' });
  }, [session]);
  if (flow === null) return <Loader />;
  return <LaunchView flow={flow} langMarket={langMarket} lobby={lobby} session={session} onLogInAgain={onLogInAgain} />;
}
