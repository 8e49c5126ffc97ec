import { useSelector } from '@xstate/react';
import type { ActorRef, Snapshot } from 'xstate';

/** A flow whose snapshot answers by tag: the account forms' load-then-save flows. */
type TaggedFlow = ActorRef<Snapshot<unknown> & { hasTag(tag: string): boolean }, never>;

/**
 * The tags a load-then-save form flow (addressChange, provinceChange, marketingPreferences) shows
 * its form by: loading, loadFailed, editable, saving, saved, saveFailed. Each read with a selector of
 * its own, so a form re-renders only when one of them changes.
 */
export function useFormFlowTags(actor: TaggedFlow) {
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag('loading'));
  const loadFailed = useSelector(actor, (snapshot) => snapshot.hasTag('loadFailed'));
  const editable = useSelector(actor, (snapshot) => snapshot.hasTag('editable'));
  const saving = useSelector(actor, (snapshot) => snapshot.hasTag('saving'));
  const saved = useSelector(actor, (snapshot) => snapshot.hasTag('saved'));
  const saveFailed = useSelector(actor, (snapshot) => snapshot.hasTag('saveFailed'));
  return { loading, loadFailed, editable, saving, saved, saveFailed };
}
