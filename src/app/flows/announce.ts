import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { ToastKind, ToastMessage } from '../../../machines/lib/toasts';
import type { toastMachine } from '../../../machines/toast.machine';

/**
 * The `announce` action of every flow that shows a toast without ending (a flow's end is the
 * session's to announce): the toast goes to the session's toast actor, found by its systemId.
 */
export function announce({ self }: { self: AnyActorRef }, params: { kind: ToastKind; message: ToastMessage }): void {
  const toast = self.system.get('toast') as ActorRefFrom<typeof toastMachine> | undefined;
  toast?.send({ type: 'toast.show', kind: params.kind, message: params.message });
}
