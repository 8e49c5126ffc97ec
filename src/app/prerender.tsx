import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterContextProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { formatLangMarket, intlLocaleFor, type LangMarket, type LanguageCode } from '../../machines/lib/markets';
import type { Footer, SeoDescriptions, StaticPage as StaticPageDocument } from '../api/content';
import { contentKeys } from '../api/queries';
import { gameKeys } from '../api/gameQueries';
import { rgKeys } from '../api/responsibleGamblingQueries';
import type { MarketRgRules } from '../../machines/lib/responsibleGambling';
import { SwedishBadges } from '../features/compliance/SwedishBadges';
import type { BoxesResponse, LobbyResponse } from '../api/games';
import type { GameChannel } from '../../machines/lib/games';
import { LobbyFirstPaint } from '../features/games/LobbyPage';
import type { SitePage } from '../api/sitePages';
import { DEFAULT_COOKIE_CONSENT_OPTIONS } from '../../machines/cookieConsent.machine';
import { LoginRequiredActions } from '../features/auth/LoginRequiredActions';
import { CookieNoticePanel } from '../features/consent/CookieNotice';
import { VisitorActions } from '../features/auth/AccountActions';
import { StaticPage } from '../features/content/StaticPage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { HomePage } from '../features/home/HomePage';
import { PasswordResetFirstPaint } from '../features/password-reset/PasswordResetPage';
import { Shell } from '../features/shell/Shell';
import { PageStandIn } from '../features/shell/PageStandIn';
import { MaintenancePage } from '../features/status/StatusPages';

// The platform's first paint (issue 10): the server renders each page's shell with the app's own
// components, in the route's language, before any JavaScript has run; src/app/start.tsx takes the page
// over once its router has loaded the same route. Built by `vite build --ssr` into dist-ssr/ and
// loaded by server/http/pages.ts. Only what is known without the player is rendered here: the
// header (as a visitor's, or without account actions when a session cookie came along), the
// footer, and the page's content (home, static and legal pages, not found) or its heading.

/** What the platform read for the page from its content service, keyed as the app's queries are. */
export interface PrerenderData {
  footer: Footer | null;
  seo: SeoDescriptions | null;
  page: StaticPageDocument | null;
  /** A lobby page's lobby as a phone asks for it (issue 12: its first rows are painted). */
  lobby?: { channel: GameChannel; response: LobbyResponse; boxes: BoxesResponse } | null;
  /**
   * The route market's compliance rules (issue 13): the Swedish badges are painted at the top of a PP
   * page, so the app, which reuses these rules, shows them in the same place from its first render.
   */
  rgRules?: MarketRgRules | null;
}

export interface PrerenderInput {
  /** The page's path (no search): the header's links and the language switcher are built from it. */
  pathname: string;
  langMarket: LangMarket;
  /** The page, or null for the not-found page. */
  page: SitePage | null;
  /** The page's heading and what it offers, when it has no content of its own to show before the app runs. */
  heading: string;
  intro: string;
  data: PrerenderData;
  /** Only a player comes here: the header leaves the visitor's actions out. */
  maybePlayer: boolean;
  /** The visitor has not answered the cookie notice (no consent cookie came): paint it too. */
  cookieNotice: boolean;
  /**
   * The platform is in maintenance: the maintenance page replaces the whole app (product.md §2
   * "Whole-app and overlay screens"), as the app shows it when the access check answers 503.
   */
  maintenance?: boolean;
}

const catalogs = new Map<LanguageCode, Promise<Messages>>();

function messagesOf(language: LanguageCode): Promise<Messages> {
  let messages = catalogs.get(language);
  if (!messages) {
    // The same compiled catalogs the app loads (src/i18n/catalog.ts), bundled by Lingui's Vite plugin.
    messages = (import(`../../locales/${language}/messages.po`) as Promise<{ messages: Messages }>).then((module) => module.messages);
    messages.catch(() => catalogs.delete(language));
    catalogs.set(language, messages);
  }
  return messages;
}

async function i18nFor(langMarket: LangMarket): Promise<I18n> {
  const i18n = setupI18n();
  i18n.load(langMarket.language, await messagesOf(langMarket.language));
  i18n.activate(langMarket.language, [intlLocaleFor(langMarket)]);
  return i18n;
}

/** The queries the page's components read, filled with what the platform already has. */
function queryClientWith(langMarket: LangMarket, data: PrerenderData): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  if (data.footer) client.setQueryData(contentKeys.footer(langMarket), data.footer);
  if (data.seo) client.setQueryData(contentKeys.seo(langMarket), data.seo);
  if (data.page) client.setQueryData(contentKeys.page(langMarket, data.page.id), data.page);
  if (data.lobby) {
    client.setQueryData(gameKeys.lobby(langMarket, data.lobby.response.lobby, data.lobby.channel), data.lobby.response);
    client.setQueryData(gameKeys.boxes(langMarket, data.lobby.response.lobby, false), data.lobby.boxes);
  }
  if (data.rgRules) client.setQueryData(rgKeys.marketRules(langMarket.market), data.rgRules);
  return client;
}

function body(input: PrerenderInput): ReactNode {
  const { langMarket, page, heading, data } = input;
  const langmarket = formatLangMarket(langMarket);
  if (page === null) return <NotFoundPage langmarket={langmarket} />;
  if (page.path === '') return <HomePage langmarket={langmarket} seo={data.seo?.entries.home} />;
  if (page.head.kind === 'content' && data.page) {
    // The error pages (401, 500) are no legal texts: no "Last updated" (src/routes/$langmarket.401.tsx).
    const errorPage = page.head.pageId === 'page-error-401' || page.head.pageId === 'page-error-500';
    return (
      <StaticPage
        langMarket={langMarket}
        id={page.head.pageId}
        showUpdated={!errorPage}
        actions={page.head.pageId === 'page-error-401' ? <LoginRequiredActions langmarket={langmarket} /> : undefined}
      />
    );
  }
  if (data.lobby) return <LobbyFirstPaint langMarket={langMarket} lobby={data.lobby.response} boxes={data.lobby.boxes.boxes} />;
  if (page.path === '/reset-password') {
    // The platform's copy of the help page is sanitised already (server/content/sanitize.ts).
    return <PasswordResetFirstPaint help={data.page ? { title: data.page.title, html: data.page.html } : null} />;
  }
  return <PageStandIn heading={heading} intro={input.intro} />;
}

/** The HTML of #root for a page: the shell and what the page shows without the player. */
export async function renderPage(input: PrerenderInput): Promise<string> {
  const { langMarket, pathname, data, maybePlayer } = input;
  const i18n = await i18nFor(langMarket);
  const queryClient = queryClientWith(langMarket, data);
  // Links need a router to build their hrefs; the app's route tree is not needed for that.
  const router = createRouter({
    routeTree: createRootRoute(),
    history: createMemoryHistory({ initialEntries: [pathname] }),
    isServer: true,
  });
  const langmarket = formatLangMarket(langMarket);
  if (input.maintenance === true) {
    return renderToString(
      <I18nProvider i18n={i18n}>
        <MaintenancePage />
      </I18nProvider>,
    ).replace(HOISTED_HEAD_TAGS, '');
  }
  const html = renderToString(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterContextProvider router={router}>
          <Shell
            langMarket={langMarket}
            actions={maybePlayer ? null : <VisitorActions langmarket={langmarket} />}
            // The market's badges (issue 13, Sweden) are the compliance layer's only part in the first paint:
            // the player's bars wait for the app, which knows the player.
            top={data.rgRules?.swedishBadges === true ? <SwedishBadges langmarket={langmarket} /> : null}
          >
            {body(input)}
          </Shell>
          {/* Where the app puts it (src/app/AppGate.tsx): after the page. */}
          {input.cookieNotice ? <CookieNoticePanel initial={DEFAULT_COOKIE_CONSENT_OPTIONS} langmarket={langmarket} /> : null}
        </RouterContextProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  // The pages' <title> and description (React hoists them in the browser) are in the head already.
  // Form controls do nothing until the app runs, and what is typed into them would be lost when the
  // app takes the page over: they are disabled until then, so no press or keystroke is lost (links
  // work without it, as full page loads).
  return html.replace(HOISTED_HEAD_TAGS, '').replace(/<(button|select|input|textarea)(?=[\s>])/g, DISABLED_CONTROL);
}

/** An opening form control tag, disabled (markup, not text). */
const DISABLED_CONTROL = '<$1 disabled=""';

/** React escapes `<` in text and attributes, so a tag ends at the first `>` or `</title>`. */
const HOISTED_HEAD_TAGS = /<title>[^<]*<\/title>|<meta name="description"[^>]*\/?>/g;
