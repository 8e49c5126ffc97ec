import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from './Button';
import { formActionsClass, FormError } from './Field';

/**
 * What a section shows when what it loads failed: the reason (an alert) and Try again, which asks
 * again (a query's refetch or a flow's retry event). The account sections, the EDD questionnaire and
 * the documents list use it.
 */
export function LoadFailed({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <>
      <FormError>{children}</FormError>
      <div className={formActionsClass}>
        <Button variant="secondary" onClick={onRetry}>
          <Trans id="common.tryAgain">Try again</Trans>
        </Button>
      </div>
    </>
  );
}
