import type { QueryClient } from '@tanstack/react-query';
import { createElement, Fragment, useLayoutEffect, useRef, type ReactNode } from 'react';
import { waitFor } from 'xstate';
import { parseLangMarket } from '../../machines/lib/markets';
import { appGate } from '../../machines/session.guards';
import { footerSchema, seoDescriptionsSchema, staticPageSchema } from '../api/content';
import { FIRST_PAINT_ATTRIBUTE, FIRST_PAINT_DATA_ID } from '../api/firstPaint';
import { contentKeys } from '../api/queries';
import { marketRgRulesSchema } from '../api/responsibleGambling';
import { rememberPaintedHtml } from '../features/content/paintedHtml';
import { rgKeys } from '../api/responsibleGamblingQueries';
import * as v from 'valibot';
import type { SessionActor } from './session';

// The platform serves each page with its first paint already in #root (server/http/pages.ts,
// issue 10) and, beside it, the content documents that paint was made from. The app reuses those
// documents instead of asking for them again, and replaces the paint only when it can show the
// same page: its router has loaded the route and the access check has answered.



const firstPaintSchema = v.object({
  langmarket: v.string(),
  footer: v.nullable(footerSchema),
  seo: v.nullable(seoDescriptionsSchema),
  page: v.nullable(staticPageSchema),
  /**
   * A lobby page's lobby and boxes (issue 12: the first rows are in the paint): parsed with the games
   * contract by ./firstPaintLobby.ts, loaded on a lobby page only (the other pages' start-up does
   * not download the games contract).
   */
  lobby: v.optional(v.unknown()),
  /** The route market's compliance rules (issue 13): what the page's top shows (the Swedish badges). */
  rgRules: v.optional(v.nullable(marketRgRulesSchema)),
});

/** Puts the documents of the served page into the query cache; false when the page had none. */
export async function seedFromFirstPaint(queryClient: QueryClient, doc: Document = document): Promise<boolean> {
  const element = doc.getElementById(FIRST_PAINT_DATA_ID);
  if (!element?.textContent) return false;
  let data: v.InferOutput<typeof firstPaintSchema>;
  try {
    data = v.parse(firstPaintSchema, JSON.parse(element.textContent));
  } catch (error) {
    console.warn('The first paint data does not parse; the app asks the platform instead.', error);
    return false;
  }
  const langMarket = parseLangMarket(data.langmarket);
  if (langMarket === null) return false;
  if (data.footer) queryClient.setQueryData(contentKeys.footer(langMarket), data.footer);
  if (data.seo) queryClient.setQueryData(contentKeys.seo(langMarket), data.seo);
  if (data.page) {
    queryClient.setQueryData(contentKeys.page(langMarket, data.page.id), data.page);
    rememberPaintedHtml(data.page.html);
  }
  if (data.rgRules) queryClient.setQueryData(rgKeys.marketRules(langMarket.market), data.rgRules);
  if (data.lobby !== undefined && data.lobby !== null) (await import('./firstPaintLobby')).seedLobby(queryClient, langMarket, data.lobby);
  return true;
}

/** Resolves when the app gate has left its loader (allowed, restricted, maintenance or failed). */
export async function accessKnown(session: SessionActor): Promise<void> {
  const accessCheck = session.getSnapshot().context.accessCheckRef;
  await waitFor(accessCheck, (snapshot) => appGate(snapshot.value, snapshot.context) !== 'loading');
}

/**
 * The app has rendered in the painted page's place: the platform's title and description go (the
 * app's pages render their own, which React puts in the head), and #root loses its mark, which
 * says the page is the app's now (the browser tests wait for it).
 */
export function endFirstPaint(container: HTMLElement, doc: Document = document): void {
  for (const node of Array.from(doc.head.querySelectorAll(`[${FIRST_PAINT_ATTRIBUTE}]`))) node.remove();
  doc.getElementById(FIRST_PAINT_DATA_ID)?.remove();
  container.removeAttribute(FIRST_PAINT_ATTRIBUTE);
}

/** Calls `onCommit` once, when the app's first render is in the DOM (before the browser paints it). */
export function AppCommitted({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  const done = useRef(false);
  useLayoutEffect(() => {
    if (done.current) return;
    done.current = true;
    onCommit();
  }, [onCommit]);
  return createElement(Fragment, null, children);
}
