import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Link } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import type { Seo } from '../../api/content';
import { BRAND_NAME } from '../../ui/brand';
import { button } from '../../ui/button.css';
import { BallIcon, CardsIcon, FlagIcon, GiftIcon, LiveIcon } from '../../ui/icons';
import { isShipped, SHIPPED_VERTICALS, type VerticalKey } from '../../ui/verticals';
import * as s from './home.css';

/** What a home tile adds to a vertical: a line of text and an icon. */
const TILES: Readonly<Record<VerticalKey, { text: MessageDescriptor; Icon: ComponentType<{ size?: number }> }>> = {
  casino: { text: msg({ id: 'home.vertical.casino.text', message: 'Slots, table games and jackpots' }), Icon: CardsIcon },
  liveCasino: { text: msg({ id: 'home.vertical.liveCasino.text', message: 'Real dealers, streamed live' }), Icon: LiveIcon },
  sportsbook: { text: msg({ id: 'home.vertical.sportsbook.text', message: 'Pre-match and in-play betting' }), Icon: BallIcon },
  virtuals: { text: msg({ id: 'home.vertical.virtuals.text', message: 'Virtual sports around the clock' }), Icon: FlagIcon },
  promotions: { text: msg({ id: 'home.vertical.promotions.text', message: 'Bonuses, free spins and offers' }), Icon: GiftIcon },
};

/** The visitor's welcome screen: the brand, the verticals as large links, the 18+ note. */
export function HomePage({ langmarket, seo }: { langmarket: string; seo: Seo | undefined }) {
  const { t, i18n } = useLingui();
  const brand = BRAND_NAME;
  return (
    <div className={s.home}>
      <title>{seo?.title ?? brand}</title>
      {seo ? <meta name="description" content={seo.description} /> : null}
      <section className={s.hero} aria-labelledby="home-title">
        <p className={s.eyebrow}>
          <Trans id="home.hero.eyebrow">Casino · Live casino · Sportsbook</Trans>
        </p>
        <h1 className={s.heroTitle} id="home-title">
          <Trans id="home.hero.title">Welcome to {brand}</Trans>
        </h1>
        <p className={s.heroText}>
          <Trans id="home.hero.text">
            Hundreds of games, live tables and sports markets in one place. Try our games for fun, or play for real money.
          </Trans>
        </p>
        <div className={s.heroActions}>
          <Link
            to="/$langmarket/$"
            params={{ langmarket, _splat: 'online-casino' }}
            className={button({ variant: 'primary', size: 'lg' })}
          >
            <Trans id="cta.exploreCasino">Explore the casino</Trans>
          </Link>
          {isShipped('promotions') ? (
            <Link
              to="/$langmarket/$"
              params={{ langmarket, _splat: 'promotions' }}
              className={button({ variant: 'secondary', size: 'lg' })}
            >
              <Trans id="home.hero.promotions">See promotions</Trans>
            </Link>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="home-verticals">
        <h2 className={s.sectionTitle} id="home-verticals">
          <Trans id="home.verticals.title">Choose your game</Trans>
        </h2>
        <ul className={s.verticals}>
          {SHIPPED_VERTICALS.map(({ key, segment, label }) => {
            const { text, Icon } = TILES[key];
            return (
              <li key={key}>
                <Link to="/$langmarket/$" params={{ langmarket, _splat: segment }} className={s.tile}>
                  <span className={s.tileIcon}>
                    <Icon size={28} />
                  </span>
                  <span className={s.tileName}>{i18n._(label)}</span>
                  <span className={s.tileText}>{i18n._(text)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      <section className={s.responsible} aria-label={t({ id: 'home.responsible.label', message: 'Responsible gambling' })}>
        <span className={s.ageBadge} aria-hidden="true">
          18+
        </span>
        <div>
          <h2 className={s.responsibleTitle}>
            <Trans id="home.responsible.title">Play responsibly</Trans>
          </h2>
          <p className={s.responsibleText}>
            <Trans id="home.responsible.text">
              Gambling is for adults aged 18 and over. Set limits, take breaks and never chase your losses. Need help?{' '}
              <Link to="/$langmarket/responsible-gambling" params={{ langmarket }}>
                Read about responsible gambling
              </Link>
              .
            </Trans>
          </p>
        </div>
      </section>
    </div>
  );
}
