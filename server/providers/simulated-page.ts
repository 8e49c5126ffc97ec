import { escapeHtml } from '../content/terms';

// The pages of the simulated third parties the platform serves in simulation mode (the bank
// identification of server/providers/simulated-bankid.ts, the payment provider of
// server/providers/simulated-payment-page.ts): a plain, self-contained HTML document in English (a
// provider's page, not the site's), with the provider's own style.

/** These pages need no script, no image, nothing from elsewhere; they post to themselves only. */
export const SIMULATED_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The start of a simulated provider's style sheet, in the provider's own colours: the page, its
 * centred card, the heading and the note under it; `rest` is what the page adds.
 */
export function simulatedPageStyle(colours: { background: string; text: string; muted: string }, rest: string): string {
  return `
  :root { color-scheme: light; font-family: system-ui, sans-serif; }
  body { margin: 0; background: ${colours.background}; color: ${colours.text}; }
  main { max-width: 28rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 0.75rem; box-shadow: 0 1px 4px rgb(0 0 0 / 0.15); }
  h1 { font-size: 1.35rem; margin: 0 0 0.25rem; }
  .note { margin: 0 0 1.25rem; color: ${colours.muted}; font-size: 0.9rem; }
${rest}`;
}

/** A simulated provider's page: `<title>` is "{title} · {provider}", the content inside <main>. */
export function simulatedProviderPage({ title, provider, style, content }: { title: string; provider: string; style: string; content: string }): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · ${provider}</title><style>${style}</style></head>
<body>
<main>
${content}
</main>
</body>
</html>
`;
}

/** An amount as a provider's page shows it ("€50.00"), or "50.00 XYZ" for a code Intl does not know. */
export function providerAmount(amount: string, currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).format(Number(amount));
  } catch {
    return `${amount} ${currency}`;
  }
}
