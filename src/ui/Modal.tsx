import * as Dialog from '@radix-ui/react-dialog';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from './Button';
import * as s from './form.css';
import { CloseIcon } from './icons';

export interface ModalProps {
  open: boolean;
  /** Called when the player closes the dialog (Escape, the close button, a click outside). */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** False for a dialog the player must answer (no close button, Escape and outside clicks ignored). */
  dismissible?: boolean;
  /** A role=alertdialog for warnings that need an answer (idle, max attempts). */
  alert?: boolean;
}

/** The app's modal dialog (Radix Dialog: focus trap, Escape, labelled by its title). */
export function Modal({ open, onClose, title, description, children, dismissible = true, alert = false }: ModalProps) {
  const { t } = useLingui();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && dismissible) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={s.overlay} />
        <Dialog.Content
          className={s.dialog}
          role={alert ? 'alertdialog' : 'dialog'}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onEscapeKeyDown={(event) => {
            if (!dismissible) event.preventDefault();
          }}
          onPointerDownOutside={(event) => {
            if (!dismissible) event.preventDefault();
          }}
        >
          <div className={s.dialogHeader}>
            <Dialog.Title className={s.dialogTitle}>{title}</Dialog.Title>
            {dismissible ? (
              <Dialog.Close asChild>
                <Button variant="ghost" size="icon" aria-label={t({ id: 'ui.dialog.close', message: 'Close' })}>
                  <CloseIcon />
                </Button>
              </Dialog.Close>
            ) : null}
          </div>
          {description ? <Dialog.Description className={s.dialogDescription}>{description}</Dialog.Description> : null}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
