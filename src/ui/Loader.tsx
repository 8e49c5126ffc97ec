import { useLingui } from '@lingui/react/macro';
import { LogoMark } from './Logo';
import * as s from './loader.css';
import { pulsing } from './logo.css';

export interface LoaderProps {
  /** 'screen' fills the viewport (app start, access check); 'inline' sits inside the page. */
  layout?: 'screen' | 'inline';
}

/** product.md §2: the loader screen shows the brand logo. Announced as "Loading". */
export function Loader({ layout = 'screen' }: LoaderProps) {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={t({ id: 'shell.loading', message: 'Loading' })} className={s[layout]}>
      <LogoMark size={layout === 'screen' ? 72 : 48} className={pulsing} />
    </div>
  );
}
