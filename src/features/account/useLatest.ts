import { useEffect, useRef } from 'react';

/**
 * A ref that always holds the latest `value`: a machine created once (useState initialiser) reads
 * the current translator, toast actor or query client through it in its provided actions.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
