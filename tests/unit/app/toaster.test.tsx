import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ToastMessage } from '../../../machines/lib/toasts';
import { toastMachine } from '../../../machines/toast.machine';
import { SWIPE_DISMISS_PX, Toaster } from '../../../src/ui/Toaster';
import { renderWithI18n } from './render';

// product.md §2: a toast container with success, error and warning toasts, with timer, swipeable,
// announced to screen readers.

afterEach(cleanup);

function setup() {
  const toasts = createActor(toastMachine);
  toasts.start();
  renderWithI18n(<Toaster toasts={toasts} />);
  const show = (kind: 'success' | 'error' | 'warning', message: ToastMessage) =>
    act(() => toasts.send({ type: 'toast.show', kind, message }));
  const shown = () => toasts.getSnapshot().context.toasts;
  return { toasts, show, shown };
}

describe('Toaster', () => {
  it('is a labelled region; success and warning toasts are statuses, errors are alerts', () => {
    const { show } = setup();
    const region = screen.getByRole('region', { name: 'Notifications' });
    show('success', 'phoneChange.done');
    show('warning', 'session.idleLoggedOut');
    show('error', 'passwordChange.oldPasswordRefused');
    expect(within(region).getAllByRole('status').map((el) => el.textContent)).toEqual([
      'Success: Your mobile phone number has been changed.',
      'Warning: You have been logged out because you were inactive.',
    ]);
    expect(within(region).getByRole('alert').textContent).toBe('Error: Your current password is not correct.');
  });

  it('the close button dismisses the toast', () => {
    const { show, shown } = setup();
    show('success', 'passwordChange.done');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(shown()).toEqual([]);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('Escape on a focused toast dismisses it', () => {
    const { show, shown } = setup();
    show('warning', 'session.idleLoggedOut');
    const close = screen.getByRole('button', { name: 'Dismiss notification' });
    close.focus();
    fireEvent.keyDown(close, { key: 'Escape' });
    expect(shown()).toEqual([]);
  });

  it('hovering or focusing a toast pauses its timer; leaving resumes it', () => {
    const { show, shown } = setup();
    show('success', 'passwordChange.done');
    const toast = screen.getByRole('status');
    fireEvent.pointerEnter(toast);
    expect(shown()[0]?.paused).toBe(true);
    fireEvent.pointerLeave(toast);
    expect(shown()[0]?.paused).toBe(false);
    fireEvent.focus(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(shown()[0]?.paused).toBe(true);
  });

  it(`a horizontal swipe of more than ${String(SWIPE_DISMISS_PX)} px dismisses; a shorter one does not`, () => {
    const { show, shown } = setup();
    show('success', 'passwordChange.done');
    const toast = screen.getByRole('status');
    fireEvent.pointerDown(toast, { pointerId: 1, clientX: 100, button: 0, pointerType: 'touch' });
    fireEvent.pointerMove(toast, { pointerId: 1, clientX: 150, pointerType: 'touch' });
    fireEvent.pointerUp(toast, { pointerId: 1, clientX: 150, pointerType: 'touch' });
    expect(shown()).toHaveLength(1);
    fireEvent.pointerDown(toast, { pointerId: 2, clientX: 100, button: 0, pointerType: 'touch' });
    fireEvent.pointerMove(toast, { pointerId: 2, clientX: 150, pointerType: 'touch' });
    fireEvent.pointerMove(toast, { pointerId: 2, clientX: 100 + SWIPE_DISMISS_PX + 20, pointerType: 'touch' });
    fireEvent.pointerUp(toast, { pointerId: 2, clientX: 100 + SWIPE_DISMISS_PX + 20, pointerType: 'touch' });
    expect(shown()).toEqual([]);
  });
});
