import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { UseFormReturnType } from '@mantine/form';

/**
 * A page prerendered at build (`app/prerendered.ts`) can be typed into, or filled by a password
 * manager, before its script runs: the inputs hold the text, the form's state does not. Once
 * hydrated, the form takes those values over without redrawing the inputs, so nothing typed is
 * lost and the caret stays where it is. Inputs of an uncontrolled form (`mode: 'uncontrolled'`).
 */
export function useTypedBeforeHydration<Values>(
  form: UseFormReturnType<Values>,
  fields: readonly (keyof Values & string)[],
) {
  const taken = useRef(false);
  useEffect(() => {
    if (taken.current) return;
    taken.current = true;
    for (const field of fields) {
      const input = form.getInputNode(field);
      if (input instanceof HTMLInputElement && input.value) {
        form.setFieldValue(field, input.value as never, { forceUpdate: false });
      }
    }
  }, [form, fields]);
}

const noSubscription = () => () => {};

/**
 * False while a prerendered page is being hydrated (its first render matches the HTML drawn
 * without scripts), true on every later render and on pages rendered in the browser. A drawn
 * form keeps its submit button disabled until then: before, the browser would submit the form
 * itself and reload the page empty.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
