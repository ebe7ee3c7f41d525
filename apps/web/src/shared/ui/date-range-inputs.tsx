import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** From and to days (`YYYY-MM-DD`, empty for open); the to field starts at from. */
export function DateRangeInputs({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (change: { date_from?: string; date_to?: string }) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        type="date"
        label={t('orders.dateFrom')}
        value={from}
        onChange={(event) => onChange({ date_from: event.currentTarget.value })}
        w={{ base: '100%', sm: 170 }}
      />
      <TextInput
        type="date"
        label={t('orders.dateTo')}
        value={to}
        min={from || undefined}
        onChange={(event) => onChange({ date_to: event.currentTarget.value })}
        w={{ base: '100%', sm: 170 }}
      />
    </>
  );
}
