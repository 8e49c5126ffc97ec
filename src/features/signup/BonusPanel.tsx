import { Trans } from '@lingui/react/macro';
import type { SignupPage } from '../../api/content';
import * as s from './signup.css';

/**
 * The bonus CTA panel (product.md §3 sign-up state "bonusCTA"), from the content service's sign-up
 * page for the market and language. The background and banner pictures are decorative.
 */
export function BonusPanel({ panel, bonusCode }: { panel: SignupPage; bonusCode: string | null }) {
  return (
    <aside className={s.panel} aria-labelledby="signup-bonus-title">
      {/* Sized for its 400 x 240 picture; CSS stretches it over the panel (object-fit: cover). */}
      <img className={s.panelBackground} src={panel.backgroundImg} alt="" width={400} height={240} />
      <span className={s.panelShade} aria-hidden="true" />
      <div className={s.panelHead}>
        <img className={s.panelIcon} src={panel.iconUrl} alt={panel.iconImgAlt} width={48} height={48} />
        <h2 className={s.panelTitle} id="signup-bonus-title">
          {panel.title}
        </h2>
      </div>
      <p className={s.panelText}>{panel.description}</p>
      {bonusCode !== null ? (
        <p className={s.bonusNote}>
          <Trans id="signup.bonusCode.applied">
            Bonus code <strong>{bonusCode}</strong> will be added to your account.
          </Trans>
        </p>
      ) : null}
      {panel.showBannerImg ? <img className={s.panelBanner} src={panel.bannerImg} alt="" width={320} height={120} /> : null}
    </aside>
  );
}
