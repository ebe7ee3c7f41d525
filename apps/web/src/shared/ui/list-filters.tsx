import { useState, type ReactNode } from 'react';
import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Page and search of a list screen: any filter change goes back to page 1, the search is sent
 * after a pause in typing.
 */
export function useListState() {
  const [page, setPage] = useState(1);
  const [search, setSearchText] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const resetting =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  return { page, setPage, search, setSearch: resetting(setSearchText), debouncedSearch, resetting };
}

/** The row of filters above a list: they wrap, and take the full width on a phone. */
export function ListFilters({ children }: { children: ReactNode }) {
  return (
    <Group align="flex-end" gap="sm">
      {children}
    </Group>
  );
}

export function SearchFilter({
  label,
  value,
  onChange,
  maxLength,
  width = 200,
  numeric = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  width?: number;
  numeric?: boolean;
}) {
  return (
    <TextInput
      label={label}
      value={value}
      maxLength={maxLength}
      inputMode={numeric ? 'numeric' : undefined}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={{ base: '100%', sm: width }}
    />
  );
}

/** A clearable choice among statuses; '' means all of them. */
export function StatusFilter<S extends string>({
  label,
  placeholder,
  statuses,
  labelOf,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  statuses: readonly S[];
  labelOf: (status: S) => string;
  value: S | '';
  onChange: (value: S | '') => void;
}) {
  return (
    <Select
      label={label}
      value={value || null}
      onChange={(next) => onChange((next as S | null) ?? '')}
      data={statuses.map((status) => ({ value: status, label: labelOf(status) }))}
      placeholder={placeholder}
      clearable
      w={{ base: '100%', sm: 180 }}
    />
  );
}
