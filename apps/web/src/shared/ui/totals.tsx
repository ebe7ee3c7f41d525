import { Divider, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../format/money';
import { useLocale } from '../locale/use-locale';

export interface TotalsView {
  subtotal: number;
  shipping_amount: number;
  shipping_method: string;
  tax_amount: number;
  vat_rate: number;
  /** The reverse-charge legal mention, when the order is reverse-charged. */
  vat_mention: string | null;
  total: number;
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500} c={strong ? 'brand.9' : undefined}>
        {value}
      </Text>
    </Group>
  );
}

/** Lines, shipping, VAT (with the reverse-charge mention) and total, in euro for the locale. */
export function Totals({ totals }: { totals: TotalsView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = (amount: number) => formatMoney(amount, locale);
  const rate = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(totals.vat_rate);
  return (
    <Stack gap={8} data-totals>
      <Row label={t('checkout.totals.lines')} value={money(totals.subtotal)} />
      <Row
        label={t('checkout.totals.shipping', { method: totals.shipping_method })}
        value={money(totals.shipping_amount)}
      />
      <Row label={t('checkout.totals.vat', { rate })} value={money(totals.tax_amount)} />
      {totals.vat_mention && (
        <Text size="xs" c="dimmed" fs="italic">
          {totals.vat_mention}
        </Text>
      )}
      <Divider />
      <Row label={t('checkout.totals.total')} value={money(totals.total)} strong />
    </Stack>
  );
}
