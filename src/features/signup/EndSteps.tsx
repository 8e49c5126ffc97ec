import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { MarketCode } from '../../../machines/lib/markets';
import { marketRulesQuery } from '../../api/responsibleGamblingQueries';
import { BRAND_NAME } from '../../ui/brand';
import { Button } from '../../ui/Button';
import { button } from '../../ui/button.css';
import { StepHeading, type SignupRef } from './parts';
import * as s from './signup.css';

/**
 * Step 4 (product.md §2 "Complete"): registered and logged in (behaviour.md §4: automatic login).
 * Issue 13 "limits at registration": where the player's market offers limits at sign-up (GG, UKGC
 * RTS 12A; CA, AGCO) the step offers them; where it requires them before play (JJ, GlüStV; LL, Wet
 * Koa) it says so, and setting them is the step's main action.
 */
export function CompleteStep({ langmarket, market, focus }: { langmarket: string; market: MarketCode; focus: boolean }) {
  const brand = BRAND_NAME;
  const limits = useQuery(marketRulesQuery(market)).data?.limitsAtRegistration ?? 'none';
  const setLimits = (
    <Link
      to="/$langmarket/my-account/gambling-limits"
      params={{ langmarket }}
      className={limits === 'required' ? `${button({ variant: 'primary' })} ${s.primaryAction}` : button({ variant: 'secondary' })}
    >
      <Trans id="compliance.setLimits">Set your limits</Trans>
    </Link>
  );
  return (
    <>
      <StepHeading focus={focus}>
        <Trans id="signup.complete.heading">Welcome to {brand}!</Trans>
      </StepHeading>
      <p className={s.lead} role="status">
        <Trans id="signup.complete.text">Your account is ready and you are logged in. Have fun, and play responsibly.</Trans>
      </p>
      {limits === 'offered' ? (
        <p className={s.lead}>
          <Trans id="signup.complete.limitsOffered">
            You can set your deposit and spend limits now, before you play: how much you can deposit or lose in a day, a week or a month.
          </Trans>
        </p>
      ) : null}
      {limits === 'required' ? (
        <p className={s.lead}>
          <Trans id="signup.complete.limitsRequired">Before you can deposit or play for real money, you must set the limits your country requires.</Trans>
        </p>
      ) : null}
      <div className={s.actions}>
        <Link to="/$langmarket" params={{ langmarket }} className={button({ variant: 'ghost' })}>
          <Trans id="common.goHome">Go to the home page</Trans>
        </Link>
        {limits === 'offered' ? setLimits : null}
        <Link
          to="/$langmarket/$"
          params={{ langmarket, _splat: 'online-casino' }}
          className={limits === 'required' ? button({ variant: 'secondary' }) : `${button({ variant: 'primary' })} ${s.primaryAction}`}
        >
          <Trans id="cta.exploreCasino">Explore the casino</Trans>
        </Link>
        {limits === 'required' ? setLimits : null}
      </div>
    </>
  );
}

/** product.md §2 "Duplicated" (behaviour.md §4: error.registration.player_already_exists). */
export function DuplicatedStep({ signup, onLogin, focus }: { signup: SignupRef; onLogin: () => void; focus: boolean }) {
  return (
    <>
      <StepHeading focus={focus}>
        <Trans id="signup.duplicated.heading">You already have an account</Trans>
      </StepHeading>
      <p className={s.lead}>
        <Trans id="signup.duplicated.text">
          An account with this e-mail address already exists. Log in to it, or sign up with another e-mail address.
        </Trans>
      </p>
      <div className={s.actions}>
        <Button variant="ghost" onClick={() => signup.send({ type: 'step.back' })}>
          <Trans id="signup.duplicated.back">Use another e-mail</Trans>
        </Button>
        <Button className={s.primaryAction} aria-haspopup="dialog" onClick={onLogin}>
          <Trans id="account.login">Log in</Trans>
        </Button>
      </div>
    </>
  );
}

/** product.md §2 "Unsupported" (behaviour.md §8: error.country.blocked). */
export function UnsupportedStep({ signup, langmarket, focus }: { signup: SignupRef; langmarket: string; focus: boolean }) {
  return (
    <>
      <StepHeading focus={focus}>
        <Trans id="signup.unsupported.heading">We cannot open an account in your country</Trans>
      </StepHeading>
      <p className={s.lead}>
        <Trans id="signup.unsupported.text">
          Registration is not available in the country you chose. If you live in another country, choose it instead.
        </Trans>
      </p>
      <div className={s.actions}>
        <Link to="/$langmarket" params={{ langmarket }} className={button({ variant: 'ghost' })}>
          <Trans id="common.goHome">Go to the home page</Trans>
        </Link>
        <Button className={s.primaryAction} onClick={() => signup.send({ type: 'step.back' })}>
          <Trans id="signup.unsupported.back">Choose another country</Trans>
        </Button>
      </div>
    </>
  );
}
