import { escapeHtml } from '../content/terms';

// The pages of the simulated third parties the platform serves in simulation mode (the bank
// identification of server/providers/simulated-bankid.ts, the payment provider of
// server/providers/simulated-payment-page.ts): a plain, self-contained HTML document in English (a
// provider's page, not the site's), with the provider's own style.

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
