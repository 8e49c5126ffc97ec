import type { ReactNode } from 'react';
import { Logo } from './Logo';
import * as s from './screen.css';

export interface MessageScreenProps {
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  /**
   * 'screen': replaces the whole app and is the page's <main>; 'inline': shown inside the shell's
   * <main> (a route's error or not-found view).
   */
  layout?: 'screen' | 'inline';
}

/** A full-screen message with the brand logo: crash screens, maintenance, restricted country. */
export function MessageScreen({ title, children, actions, layout = 'screen' }: MessageScreenProps) {
  const Tag = layout === 'screen' ? 'main' : 'div';
  return (
    <Tag className={s[layout]} id={layout === 'screen' ? 'main' : undefined}>
      <div className={s.panel}>
        <Logo size={48} />
        <h1 className={s.title}>{title}</h1>
        {children}
        {actions ? <div className={s.actions}>{actions}</div> : null}
      </div>
    </Tag>
  );
}
