// Internal links from content (footer links, the lobby's promotion boxes): content writes app paths
// below the language and market ('/signup'), and every link the site shows carries its
// {langmarket} (product.md §2 "Every route is prefixed by a parameter {langmarket}"; issue 21).

/**
 * The part of a path from content below the langmarket segment (the platform may send '/terms' or
 * '/en-UN/terms'); links are built as '/$langmarket/$' with it as the splat.
 */
export function pathBelowLangMarket(langmarket: string, path: string): string {
  const prefix = `/${langmarket}`;
  const below = path === prefix || path.startsWith(`${prefix}/`) ? path.slice(prefix.length) : path;
  return below.replace(/^\/+/, '');
}
