import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { SIGNUP_STEPS, type SignupStep } from '../../../machines/signup.machine';
import * as s from './signup.css';

const STEP_NAMES: Readonly<Record<(typeof SIGNUP_STEPS)[number], MessageDescriptor>> = {
  details: msg({ id: 'signup.step.details', message: 'Details' }),
  contactInfo: msg({ id: 'signup.step.contactInfo', message: 'Contact' }),
  verification: msg({ id: 'signup.step.verification', message: 'Verification' }),
  complete: msg({ id: 'signup.step.complete', message: 'Done' }),
};

/**
 * product.md §2: the steps in order, the current one marked with aria-current="step". The caption
 * comes from content (`stepIndicator`, with {current} and {total}) when the panel loaded.
 */
export function StepIndicator({ step, template }: { step: SignupStep; template: string | undefined }) {
  const { t, i18n } = useLingui();
  const index = SIGNUP_STEPS.findIndex((name) => name === step);
  const current = String(index + 1);
  const total = String(SIGNUP_STEPS.length);
  const caption =
    template?.replaceAll('{current}', current).replaceAll('{total}', total) ??
    t({ id: 'signup.step.caption', message: `Step ${current} of ${total}` });
  return (
    <nav className={s.progress} aria-label={t({ id: 'signup.step.label', message: 'Sign-up steps' })}>
      <ol className={s.steps}>
        {SIGNUP_STEPS.map((name, i) => (
          <li
            key={name}
            className={s.step}
            aria-current={i === index ? 'step' : undefined}
            data-state={i < index ? 'done' : i === index ? 'current' : 'todo'}
          >
            <span className={s.stepBar} aria-hidden="true" />
            <span className={s.stepName}>{i18n._(STEP_NAMES[name])}</span>
          </li>
        ))}
      </ol>
      <p className={s.caption}>{caption}</p>
    </nav>
  );
}
