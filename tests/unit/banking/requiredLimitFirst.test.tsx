import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LangMarket, MarketCode } from '../../../machines/lib/markets';
import { marketRgRules } from '../../../machines/lib/responsibleGambling';
import { marketRulesQuery } from '../../../src/api/responsibleGamblingQueries';
import { RequiredLimitFirst } from '../../../src/features/banking/DepositFlow';
import { renderWithI18n } from '../app/render';

// Issue 21 item 13: a deposit waiting for the limit the player's market requires names that limit
// (a German player is asked for the monthly one), by the rules of the player's market, not the page's
// (docs/SPEC-READINGS.md "Whose market's rules apply").

afterEach(cleanup);

const UN: LangMarket = { language: 'en', market: 'UN' };
const JJ: LangMarket = { language: 'en', market: 'JJ' };

/** The market's rules as the platform answers them (GET /markets/{market}/responsible-gambling). */
function rulesOf(market: MarketCode, overrides: Parameters<typeof marketRgRules>[1] = {}) {
  const rules = marketRgRules(market, overrides);
  return { ...rules, timeoutMonthChoices: [...rules.timeoutMonthChoices] };
}

function render(market: string, langMarket: LangMarket, rules: Partial<Record<MarketCode, ReturnType<typeof rulesOf>>>) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  for (const [code, value] of Object.entries(rules)) client.setQueryData(marketRulesQuery(code as MarketCode).queryKey, value);
  renderWithI18n(
    <QueryClientProvider client={client}>
      <RequiredLimitFirst market={market} langMarket={langMarket} />
    </QueryClientProvider>,
  );
}

describe('the required limit asked before a deposit', () => {
  it("asks a German player for the monthly limit on another market's page", () => {
    render('JJ', UN, { JJ: rulesOf('JJ'), UN: rulesOf('UN') });
    expect(screen.getByText('Set a monthly deposit limit before your first deposit.')).toBeTruthy();
  });

  it("names the period an operator's rules require, and any deposit limit for 'any'", () => {
    render('JJ', JJ, { JJ: rulesOf('JJ', { requiredDepositLimit: 'D' }) });
    expect(screen.getByText('Set a daily deposit limit before your first deposit.')).toBeTruthy();
    cleanup();
    render('JJ', JJ, { JJ: rulesOf('JJ', { requiredDepositLimit: 'W' }) });
    expect(screen.getByText('Set a weekly deposit limit before your first deposit.')).toBeTruthy();
    cleanup();
    render('PP', JJ, { PP: rulesOf('PP'), JJ: rulesOf('JJ') });
    expect(screen.getByText('Set a deposit limit before your first deposit.')).toBeTruthy();
  });

  it("reads the page's market only when the player's is not a market code, and asks for a limit until the rules are known", () => {
    render('XX', JJ, { JJ: rulesOf('JJ') });
    expect(screen.getByText('Set a monthly deposit limit before your first deposit.')).toBeTruthy();
    cleanup();
    render('JJ', UN, {});
    expect(screen.getByText('Set a deposit limit before your first deposit.')).toBeTruthy();
  });
});
