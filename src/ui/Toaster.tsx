import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type PointerEvent as ReactPointerEvent, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { MessageDescriptor } from '@lingui/core';
import type { Toast, ToastKind, toastMachine } from '../../machines/toast.machine';
import { Button } from './Button';
import { visuallyHidden } from './global.css';
import { CloseIcon } from './icons';
import { TOAST_TEXTS } from './toastMessages';
import * as s from './toast.css';

export type ToastRef = ActorRefFrom<typeof toastMachine>;

/** Horizontal drag, in px, past which a released toast is dismissed (swipe to dismiss). */
export const SWIPE_DISMISS_PX = 80;
/** Movement before a press counts as a drag (below it, a press is a click). */
const DRAG_START_PX = 8;

/**
 * The toast container (product.md §2: success, error and warning toasts, with timer, swipeable).
 * Reads the session's toast actor; toasts are announced (status, or alert for errors).
 */
export function Toaster({ toasts }: { toasts: ToastRef }) {
  const { t } = useLingui();
  const items = useSelector(toasts, (snapshot) => snapshot.context.toasts);
  return (
    <section className={s.region} aria-label={t({ id: 'toast.region', message: 'Notifications' })}>
      {items.length > 0 ? (
        <ul className={s.list}>
          {items.map((toast) => (
            <li key={toast.id}>
              <ToastItem toast={toast} actor={toasts} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function KindLabel({ kind }: { kind: ToastKind }) {
  switch (kind) {
    case 'success':
      return <Trans id="toast.kind.success">Success:</Trans>;
    case 'error':
      return <Trans id="toast.kind.error">Error:</Trans>;
    case 'warning':
      return <Trans id="toast.kind.warning">Warning:</Trans>;
  }
}

function KindIcon({ kind }: { kind: ToastKind }) {
  const common = { width: 20, height: 20, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2.2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true, focusable: false } as const;
  switch (kind) {
    case 'success':
      return (
        <svg {...common}>
          <circle cx="12" cy="12" r="9" />
          <path d="M8 12.5l2.5 2.5L16 9.5" />
        </svg>
      );
    case 'error':
      return (
        <svg {...common}>
          <circle cx="12" cy="12" r="9" />
          <path d="M9 9l6 6M15 9l-6 6" />
        </svg>
      );
    case 'warning':
      return (
        <svg {...common}>
          <path d="M12 3.5l9.5 16.5h-19z" />
          <path d="M12 10v4.5M12 17.5v.01" />
        </svg>
      );
  }
}

/**
 * The toast's message with its values (a break's end date). Built outside the `i18n._` call: the
 * catalog extractor reads that call's argument and cannot follow a spread there.
 */
function toastDescriptor(toast: Toast): MessageDescriptor {
  const text = TOAST_TEXTS[toast.message];
  return toast.values === undefined ? text : Object.assign({}, text, { values: toast.values });
}

export function ToastItem({ toast, actor }: { toast: Toast; actor: ToastRef }) {
  const { t, i18n } = useLingui();
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ pointerId: number; startX: number; dragging: boolean } | null>(null);
  const hovered = useRef(false);
  const focused = useRef(false);

  const dismiss = () => actor.send({ type: 'toast.dismiss', id: toast.id });
  // The timer stops while the toast is hovered or focused, and runs again when it is neither.
  const updatePause = () => {
    actor.send({ type: hovered.current || focused.current ? 'toast.pause' : 'toast.resume', id: toast.id });
  };

  const endDrag = (event: ReactPointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const current = drag.current;
    if (current?.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
    const distance = event.clientX - current.startX;
    if (!cancelled && current.dragging && Math.abs(distance) > SWIPE_DISMISS_PX) {
      dismiss();
      return;
    }
    setOffset(0);
  };

  return (
    <div
      role={toast.kind === 'error' ? 'alert' : 'status'}
      className={s.toast({ kind: toast.kind, dragging })}
      style={offset === 0 ? undefined : { transform: `translateX(${String(offset)}px)`, opacity: Math.max(0.2, 1 - Math.abs(offset) / 240) }}
      data-kind={toast.kind}
      onPointerEnter={() => {
        hovered.current = true;
        updatePause();
      }}
      onPointerLeave={() => {
        hovered.current = false;
        updatePause();
      }}
      onFocus={() => {
        focused.current = true;
        updatePause();
      }}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget)) return;
        focused.current = false;
        updatePause();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          dismiss();
        }
      }}
      onPointerDown={(event) => {
        if (event.pointerType === 'mouse' && event.button !== 0) return;
        drag.current = { pointerId: event.pointerId, startX: event.clientX, dragging: false };
      }}
      onPointerMove={(event) => {
        const current = drag.current;
        if (current?.pointerId !== event.pointerId) return;
        const distance = event.clientX - current.startX;
        if (!current.dragging && Math.abs(distance) > DRAG_START_PX) {
          // Capture only once it is a drag, so that a press on the close button stays a click.
          current.dragging = true;
          setDragging(true);
          const element = event.currentTarget;
          if (typeof element.setPointerCapture === 'function') element.setPointerCapture(event.pointerId);
        }
        if (current.dragging) setOffset(distance);
      }}
      onPointerUp={(event) => endDrag(event, false)}
      onPointerCancel={(event) => endDrag(event, true)}
    >
      <span className={s.icon({ kind: toast.kind })}>
        <KindIcon kind={toast.kind} />
      </span>
      <p className={s.text}>
        <span className={visuallyHidden}>
          <KindLabel kind={toast.kind} />{' '}
        </span>
        {i18n._(toastDescriptor(toast))}
      </p>
      <Button variant="ghost" size="sm" aria-label={t({ id: 'toast.dismiss', message: 'Dismiss notification' })} onClick={dismiss}>
        <CloseIcon size={18} />
      </Button>
    </div>
  );
}
