import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { formatLangMarket, type LangMarket } from '../../../machines/lib/markets';
import { BRAND_NAME } from '../../ui/brand';
import { Button } from '../../ui/Button';
import { MenuIcon } from '../../ui/icons';
import { Logo } from '../../ui/Logo';
import { LanguageSwitcher } from './LanguageSwitcher';
import { NavLinks } from './NavLinks';
import * as s from './shell.css';

const loadMobileMenu = () => import('./MobileMenu');
const MobileMenu = lazy(loadMobileMenu);

/**
 * The 56 px sticky header: menu button (small screens), logo, navigation, language switcher, and
 * the `actions` slot (the account actions).
 */
export function Header({ langMarket, actions }: { langMarket: LangMarket; actions?: ReactNode }) {
  const { t } = useLingui();
  const langmarket = formatLangMarket(langMarket);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const brand = BRAND_NAME;
  return (
    <header className={s.header}>
      <div className={s.headerInner}>
        <Button
          ref={menuButton}
          variant="ghost"
          size="icon"
          className={s.menuButton}
          aria-label={t({ id: 'shell.menu.open', message: 'Open menu' })}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onPointerEnter={() => void loadMobileMenu()}
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon />
        </Button>
        <Link
          to="/$langmarket"
          params={{ langmarket }}
          className={s.brandLink}
          aria-label={t({ id: 'shell.home', message: `${brand} home` })}
          activeOptions={{ exact: true }}
        >
          <Logo size={28} wordmarkFromTablet />
        </Link>
        <nav aria-label={t({ id: 'shell.nav.label', message: 'Main menu' })} className={s.desktopNav}>
          <NavLinks langmarket={langmarket} listClassName={s.navList} linkClassName={s.navLink} />
        </nav>
        <div className={s.headerEnd}>
          <LanguageSwitcher langMarket={langMarket} />
          {actions}
        </div>
      </div>
      {menuOpen ? (
        <Suspense fallback={null}>
          <MobileMenu langmarket={langmarket} onClose={() => setMenuOpen(false)} returnFocusTo={menuButton} />
        </Suspense>
      ) : null}
    </header>
  );
}
