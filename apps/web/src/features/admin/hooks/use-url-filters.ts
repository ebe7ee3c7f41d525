import { useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { useSearchParams } from 'react-router';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * A back-office list's filters, page and sort, kept in the URL so a link shares the same view.
 * Changing a filter goes back to page 1; an empty value leaves the URL.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const set = (changes: Record<string, string>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return {
    params,
    get: (key: string) => params.get(key) ?? '',
    set,
    page: Math.max(1, Number(params.get('page')) || 1),
    setPage: (page: number) => set({ page: page > 1 ? String(page) : '' }),
  };
}

/**
 * The text of a search box that writes `key` to the URL after a pause in typing, and follows the
 * URL when something else changes it (the header's search).
 */
export function useUrlSearch(filters: ReturnType<typeof useUrlFilters>, key = 'q') {
  const inUrl = filters.get(key);
  const [text, setTextNow] = useState(inUrl);
  const [seen, setSeen] = useState(inUrl);
  if (inUrl !== seen) {
    setSeen(inUrl);
    if (text.trim() !== inUrl) setTextNow(inUrl);
  }
  const write = useDebouncedCallback(
    (value: string) => filters.set({ [key]: value }),
    SEARCH_DEBOUNCE_MS,
  );
  const setText = (value: string) => {
    setTextNow(value);
    write(value.trim());
  };
  return { text, setText };
}
