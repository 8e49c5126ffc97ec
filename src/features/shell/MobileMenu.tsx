import * as Dialog from '@radix-ui/react-dialog';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import { Button } from '../../ui/Button';
import { CloseIcon } from '../../ui/icons';
import { NavLinks } from './NavLinks';
import * as s from './shell.css';

export interface MobileMenuProps {
  langmarket: string;
  onClose: () => void;
  /** The menu button, focused again when the drawer closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/** The navigation drawer on small screens (a Radix Dialog; loaded only when first opened). */
export default function MobileMenu({ langmarket, onClose, returnFocusTo }: MobileMenuProps) {
  const { t } = useLingui();
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={s.overlay} />
        <Dialog.Content
          className={s.drawer}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className={s.drawerHeader}>
            <Dialog.Title className={s.drawerTitle}>
              <Trans id="shell.menu.title">Menu</Trans>
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t({ id: 'shell.menu.close', message: 'Close menu' })}>
                <CloseIcon />
              </Button>
            </Dialog.Close>
          </div>
          <nav aria-label={t({ id: 'shell.nav.label', message: 'Main menu' })}>
            <NavLinks langmarket={langmarket} listClassName={s.drawerList} linkClassName={s.drawerLink} onNavigate={onClose} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
