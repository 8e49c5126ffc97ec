import { useId } from 'react';
import { BRAND_WORDS } from './brand';
import * as s from './logo.css';
import { vars } from './theme.css';

export interface LogoMarkProps {
  size?: number;
  className?: string;
}

/** The brand mark: a gold-to-violet aurora arc and a star inside a ring. Decorative (aria-hidden). */
export function LogoMark({ size = 32, className }: LogoMarkProps) {
  const gradient = `aurora-${useId().replace(/:/g, '')}`;
  return (
    <svg
      className={[s.mark, className].filter(Boolean).join(' ')}
      width={size}
      height={size}
      viewBox="0 0 40 40"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="1" x2="1" y2="0">
          <stop offset="0" style={{ stopColor: vars.color.accent }} />
          <stop offset="1" style={{ stopColor: vars.color.secondary }} />
        </linearGradient>
      </defs>
      <circle cx="20" cy="20" r="18" style={{ fill: vars.color.surfaceRaised }} stroke={`url(#${gradient})`} strokeWidth="2.5" />
      <path d="M8 26.5C13 16 20 12.5 32.5 11" fill="none" stroke={`url(#${gradient})`} strokeWidth="3" strokeLinecap="round" />
      <path d="M10.5 31C16 23.5 22.5 19.5 31 18.5" fill="none" stroke={`url(#${gradient})`} strokeWidth="2" strokeLinecap="round" opacity="0.55" />
      <path
        d="M25.5 21.5l1.3 2.7 2.9.4-2.1 2 .5 2.9-2.6-1.4-2.6 1.4.5-2.9-2.1-2 2.9-.4z"
        style={{ fill: vars.color.accent }}
      />
    </svg>
  );
}

export interface LogoProps {
  size?: number;
  /** Hide the wordmark (the mark alone), e.g. on the loader. */
  markOnly?: boolean;
  /** Show the wordmark only from the tablet breakpoint (the header on phones, where space is short). */
  wordmarkFromTablet?: boolean;
}

/** Mark and wordmark. Decorative: the link or region around it carries the accessible name. */
export function Logo({ size = 32, markOnly = false, wordmarkFromTablet = false }: LogoProps) {
  const [first, second] = BRAND_WORDS;
  return (
    <span className={s.logo} aria-hidden="true">
      <LogoMark size={size} />
      {markOnly ? null : (
        <span className={wordmarkFromTablet ? `${s.wordmark} ${s.wordmarkFromTablet}` : s.wordmark}>
          {first} <span className={s.wordmarkAccent}>{second}</span>
        </span>
      )}
    </span>
  );
}
