import { Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';
import type { useUrlFilters } from '../hooks/use-url-filters';

type UrlFilters = ReturnType<typeof useUrlFilters>;

/** A clearable choice kept in the URL under `name` ("Any" when empty). */
export function UrlSelect({
  filters,
  name,
  label,
  data,
}: {
  filters: UrlFilters;
  name: string;
  label: string;
  data: { value: string; label: string }[];
}) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  return (
    <Select
      label={label}
      value={filters.get(name) || null}
      onChange={(value) => filters.set({ [name]: value ?? '' })}
      data={data}
      placeholder={t('staff:orders.any')}
      clearable
      w={{ base: '100%', sm: 180 }}
    />
  );
}

/** From and to days kept in the URL as `date_from` and `date_to`; to starts at from. */
export function UrlDateRange({ filters }: { filters: UrlFilters }) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        type="date"
        label={t('orders.dateFrom')}
        value={filters.get('date_from')}
        onChange={(event) => filters.set({ date_from: event.currentTarget.value })}
        w={{ base: '100%', sm: 170 }}
      />
      <TextInput
        type="date"
        label={t('orders.dateTo')}
        value={filters.get('date_to')}
        min={filters.get('date_from') || undefined}
        onChange={(event) => filters.set({ date_to: event.currentTarget.value })}
        w={{ base: '100%', sm: 170 }}
      />
    </>
  );
}
