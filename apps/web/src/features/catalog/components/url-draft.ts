import { useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';

/** How long a typed filter waits before it goes into the URL. */
export const FILTER_DEBOUNCE_MS = 400;

/**
 * A text input whose value lives in the URL: typing updates a draft at once and the URL after a
 * pause; a URL change from elsewhere (back button, clear filters) replaces the draft, unless the
 * draft already means the same (`sameValue`), so trailing spaces being typed are not lost.
 */
export function useUrlDraft(
  urlValue: string,
  commit: (draft: string) => void,
  sameValue: (draft: string, urlValue: string) => boolean,
) {
  const [draft, setDraft] = useState(urlValue);
  const [synced, setSynced] = useState(urlValue);
  if (urlValue !== synced) {
    setSynced(urlValue);
    if (!sameValue(draft, urlValue)) setDraft(urlValue);
  }
  const debouncedCommit = useDebouncedCallback(commit, FILTER_DEBOUNCE_MS);
  const change = (value: string) => {
    setDraft(value);
    debouncedCommit(value);
  };
  return [draft, change] as const;
}
