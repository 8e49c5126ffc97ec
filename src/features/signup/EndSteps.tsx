import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { BRAND_NAME } from '../../ui/brand';
import { Button } from '../../ui/Button';
import { button } from '../../ui/button.css';
import { StepHeading, type SignupRef } from './parts';
import * as s from './signup.css';

/** Step 4 (product.md §2 "Complete"): registered and logged in (behaviour.md §4: automatic login). */
export function CompleteStep({ langmarket, focus }: { langmarket: string; focus: boolean }) {
  const brand = BRAND_NAME;
  return (
    <>
      <StepHeading focus={focus}>
        <Trans id="signup.complete.heading">Welcome to {brand}!</Trans>
      </StepHeading>
      <p className={s.lead} role="status">
        <Trans id="signup.complete.text">Your account is ready and you are logged in. Have fun, and play responsibly.</Trans>
      </p>
      <div className={s.actions}>
        <Link to="/$langmarket" params={{ langmarket }} className={button({ variant: 'ghost' })}>
          <Trans id="common.goHome">Go to the home page</Trans>
        </Link>
        <Link
          to="/$langmarket/$"
          params={{ langmarket, _splat: 'online-casino' }}
          className={`${button({ variant: 'primary' })} ${s.primaryAction}`}
        >
          <Trans id="cta.exploreCasino">Explore the casino</Trans>
        </Link>
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
