import { useCallback, useEffect, useRef } from 'react';
import { LAYOUT } from '@portal/contract';

const callbacks = new WeakMap<Element, () => void>();
let observer: IntersectionObserver | null = null;

/** One observer for every link: fires once when an element comes within 200 px of the viewport. */
function approachObserver(): IntersectionObserver | null {
  if (observer || typeof IntersectionObserver === 'undefined') return observer;
  observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const callback = callbacks.get(entry.target);
        observer?.unobserve(entry.target);
        callbacks.delete(entry.target);
        callback?.();
      }
    },
    { rootMargin: `${LAYOUT.linkPrefetchMarginPx}px` },
  );
  return observer;
}

/**
 * Link prefetch (SPEC section 9: margin 200 px): `onApproach` runs once when the element comes
 * within 200 px of the viewport, `onIntent` on hover and focus. Spread the result on the link.
 */
export function usePrefetch<T extends Element>(onApproach: () => void, onIntent = onApproach) {
  const approach = useRef(onApproach);
  const intent = useRef(onIntent);
  useEffect(() => {
    approach.current = onApproach;
    intent.current = onIntent;
  });

  const ref = useCallback((element: T | null) => {
    const shared = approachObserver();
    if (!element || !shared) return;
    callbacks.set(element, () => approach.current());
    shared.observe(element);
    return () => {
      shared.unobserve(element);
      callbacks.delete(element);
    };
  }, []);

  const onMouseEnter = useCallback(() => intent.current(), []);
  const onFocus = useCallback(() => intent.current(), []);
  return { ref, onMouseEnter, onFocus };
}
