import { DEFAULT_LANGMARKET, parseLangMarket } from './markets';

/**
 * A first segment that was meant as a language and market but is not a valid one: 'xx-YY',
 * 'en_UN', 'EN-fi'. Such a segment is replaced; any other first segment is a page and is kept.
 */
const LOCALE_ATTEMPT = /^[a-z]{2,4}[-_][a-z]{2}$/i;

/**
 * product.md §2: every route lives under `/$langmarket`; a segment that does not match the pattern,
 * or names an unknown or disabled market, or a language the market does not offer, redirects to
 * /en-UN keeping the rest of the path. Returns null when the path may stay, else the target path
 * (search and hash are the caller's).
 */
export function localeRedirect(pathname: string): string | null {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const [first] = segments;
  if (first !== undefined && parseLangMarket(first) !== null) return null;
  const rest = first !== undefined && LOCALE_ATTEMPT.test(first) ? segments.slice(1) : segments;
  return `/${[DEFAULT_LANGMARKET, ...rest].join('/')}`;
}
