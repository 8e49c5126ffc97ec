import { Trans } from '@lingui/react/macro';
import type { ComponentProps } from 'react';
import { Modal } from '../../ui/Modal';
import * as s from './banking.css';
import { DepositFlow } from './DepositFlow';

/**
 * product.md §2 "/deposit : deposit modal": the deposit flow in a dialog over the site (Radix
 * Dialog through src/ui/Modal: focus trap, Escape, labelled by its title). Closing it goes back to
 * where the player opened it (the route's `from`); a deep link closes to the home page.
 */
export function DepositDialog({ onClose, ...flow }: ComponentProps<typeof DepositFlow> & { onClose: () => void }) {
  return (
    <>
      <div className={s.page}>
        <h1 className={s.title}>
          <Trans id="banking.deposit">Deposit</Trans>
        </h1>
      </div>
      <Modal open onClose={onClose} title={<Trans id="banking.deposit">Deposit</Trans>}>
        <div className={s.dialogBody}>
          <DepositFlow {...flow} />
        </div>
      </Modal>
    </>
  );
}
