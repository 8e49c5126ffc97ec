import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { SHIPPED_VERTICALS } from '../../ui/verticals';

export interface NavLinksProps {
  /** The current `{language}-{MARKET}` segment: every link stays under it. */
  langmarket: string;
  listClassName: string;
  linkClassName: string;
  onNavigate?: () => void;
}

/** The verticals that have their pages, as links under the current langmarket. */
export function NavLinks({ langmarket, listClassName, linkClassName, onNavigate }: NavLinksProps) {
  const { i18n } = useLingui();
  return (
    <ul className={listClassName}>
      {SHIPPED_VERTICALS.map((item) => (
        <li key={item.key}>
          <Link
            to="/$langmarket/$"
            params={{ langmarket, _splat: item.segment }}
            className={linkClassName}
            activeOptions={{ includeSearch: false }}
            onClick={onNavigate}
          >
            {i18n._(item.label)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
