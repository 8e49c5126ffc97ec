import type { ReactNode } from 'react';
import { LogoMark } from '../../ui/Logo';
import * as s from './payAndPlay.css';

/** A step in progress, announced politely to screen readers (role=status). */
export function Progress({ children }: { children: ReactNode }) {
  return (
    <div role="status" className={s.progress}>
      <LogoMark size={32} className={s.progressMark} />
      <span>{children}</span>
    </div>
  );
}
