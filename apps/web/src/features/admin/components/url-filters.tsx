import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';
import { DateRangeInputs } from '../../../shared/ui/date-range-inputs';
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
  return (
    <DateRangeInputs
      from={filters.get('date_from')}
      to={filters.get('date_to')}
      onChange={(change) => filters.set(change)}
    />
  );
}
