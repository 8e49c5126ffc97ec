import { LANGUAGES, MARKETS, type LangMarket } from '../../machines/lib/markets';
import type { TermsVersions } from '../../src/api/content';

// Terms and conditions versions per market (behaviour.md §7 "Content": terms versions). A player
// accepts a version; when the market publishes a newer one, the app asks again
// (/accept-terms-condition). Every market of this reference platform has the same history.

export interface TermsRelease {
  version: number;
  publishedAt: string;
}

export const TERMS_RELEASES: readonly TermsRelease[] = [
  { version: 1, publishedAt: '2023-03-01T00:00:00.000Z' },
  { version: 2, publishedAt: '2024-06-01T00:00:00.000Z' },
  { version: 3, publishedAt: '2025-09-01T00:00:00.000Z' },
];

/** Where the platform serves a version's document (server/routes/content.ts), under /api. */
export function termsFileUrl({ market, language }: LangMarket, version: number): string {
  return `/api/content/terms/${market}/${language}/v${String(version)}.html`;
}

export const TERMS_FILE_NAME = /^v([1-9][0-9]{0,5})\.html$/;

/** The terms-versions document of a market, with a file per language the market offers. */
export function termsVersionsFor(market: LangMarket['market'], releases = TERMS_RELEASES): TermsVersions {
  const versions = [...releases]
    .sort((a, b) => a.version - b.version)
    .map((release) => ({
      version: release.version,
      publishedAt: release.publishedAt,
      files: MARKETS[market].languages.map((language) => ({
        language,
        url: termsFileUrl({ market, language }, release.version),
      })),
    }));
  const current = versions.at(-1);
  if (!current) throw new Error('Terms releases must not be empty.');
  return { current, versions };
}

/** A version's terms as a standalone HTML document (served with a sandboxing CSP). */
export function renderTermsDocument(
  scope: LangMarket,
  release: TermsRelease,
  page: { title: string; html: string },
): string {
  const title = escapeHtml(page.title);
  const lang = escapeHtml(LANGUAGES[scope.language].intlLocale);
  const published = escapeHtml(release.publishedAt.slice(0, 10));
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} (v${String(release.version)})</title></head>
<body>
<header><h1>${title}</h1><p>v${String(release.version)} · ${published} · ${escapeHtml(scope.market)}</p></header>
<main>
${page.html}
</main>
</body>
</html>
`;
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
