import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LangMarket } from '../../../machines/lib/markets';
import type { Footer as FooterContent, SignupPage } from '../../../src/api/content';
import { footerQuery } from '../../../src/api/queries';
import { Footer, REGULATOR_LOGO_FALLBACK } from '../../../src/features/shell/Footer';
import { BonusPanel } from '../../../src/features/signup/BonusPanel';
import { renderInRouter, renderWithI18n } from './render';

// Issue 10: an image without width and height takes no room until it arrives, then pushes what is
// below it (layout shift). Every <img> the footer and the sign-up panel render carries both.

afterEach(cleanup);

const UN: LangMarket = { language: 'en', market: 'UN' };

function footerWith(regulationLogos: FooterContent['regulationLogos']): FooterContent {
  return { links: [], regulationLogos, licences: [], copyright: '© Aurora Play' };
}

async function renderFooter(content: FooterContent): Promise<HTMLImageElement[]> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(footerQuery(UN).queryKey, content);
  renderInRouter(
    <QueryClientProvider client={queryClient}>
      <Footer langMarket={UN} />
    </QueryClientProvider>,
  );
  await screen.findByText('© Aurora Play');
  return screen.getAllByRole('img').filter((element): element is HTMLImageElement => element instanceof HTMLImageElement);
}

describe('image sizes', () => {
  it('gives each regulator logo its size from content', async () => {
    const [logo] = await renderFooter(
      footerWith([{ name: 'MGA', imageUrl: '/regulators/mga.svg', href: 'https://www.mga.org.mt', alt: 'Malta Gaming Authority', width: 150, height: 50 }]),
    );
    expect(logo?.getAttribute('width')).toBe('150');
    expect(logo?.getAttribute('height')).toBe('50');
  });

  it('gives a regulator logo without a size from content the badges’ size', async () => {
    const [logo] = await renderFooter(footerWith([{ name: 'MGA', imageUrl: '/regulators/mga.svg', href: 'https://www.mga.org.mt', alt: 'MGA' }]));
    expect(logo?.getAttribute('width')).toBe(String(REGULATOR_LOGO_FALLBACK.width));
    expect(logo?.getAttribute('height')).toBe(String(REGULATOR_LOGO_FALLBACK.height));
  });

  it('sizes every picture of the sign-up bonus panel', () => {
    const panel: SignupPage = {
      title: 'Welcome bonus',
      description: 'Double your first deposit',
      iconUrl: '/signup/gift.svg',
      iconImgAlt: 'Gift',
      backgroundImg: '/signup/background.svg',
      showBannerImg: true,
      bannerImg: '/signup/banner.svg',
      stepIndicator: 'Step {current} of {total}',
      smsMaxAttempts: 'Too many codes',
    };
    const { container } = renderWithI18n(<BonusPanel panel={panel} bonusCode={null} />);
    const images = [...container.querySelectorAll('img')];
    expect(images).toHaveLength(3);
    for (const image of images) {
      expect(Number(image.getAttribute('width')), image.src).toBeGreaterThan(0);
      expect(Number(image.getAttribute('height')), image.src).toBeGreaterThan(0);
    }
  });
});
