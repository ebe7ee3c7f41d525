import type { ReactNode } from 'react';
import { Anchor, Card, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuoteLine } from '@portal/contract';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { ResponsiveTable } from '../../../shared/ui/responsive-table';
import { QUOTE_NAMESPACES } from '../../../i18n/i18n';

/**
 * The quote's lines: product, quantity, list price, quoted price and line total. Staff add a
 * column (the stock) and, while answering, a price input in place of the quoted price.
 */
export function QuoteLines<L extends QuoteLine>({
  lines,
  productLinks = true,
  extraHead,
  extraCells,
  quotedCell,
  lineTotalOf = (line) => line.line_total,
}: {
  lines: L[];
  productLinks?: boolean;
  extraHead?: ReactNode;
  extraCells?: (line: L) => ReactNode;
  quotedCell?: (line: L, index: number) => ReactNode;
  /** The line's total to show (staff: the price being typed, times the quantity). */
  lineTotalOf?: (line: L) => number | null;
}) {
  const { t } = useTranslation(QUOTE_NAMESPACES);
  const locale = useLocale();
  const money = (value: number | null) => (value === null ? '–' : formatMoney(value, locale));
  return (
    <Card withBorder radius="md" padding={0} component="section" aria-labelledby="lines-h">
      <Title order={2} size="h4" p="md" pb="xs" id="lines-h">
        {t('quotes:lines')}
      </Title>
      <ResponsiveTable minWidth={680} label={t('quotes:lines')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('quotes:product')}</Table.Th>
            <Table.Th ta="right">{t('quotes:quantity')}</Table.Th>
            {extraHead}
            <Table.Th ta="right">{t('quotes:listPrice')}</Table.Th>
            <Table.Th ta="right">{t('quotes:quotedPrice')}</Table.Th>
            <Table.Th ta="right">{t('quotes:lineTotal')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => (
            <Table.Tr key={line.product_id}>
              <Table.Td>
                {productLinks ? (
                  <Anchor
                    component={LocaleLink}
                    to={`/product/${encodeURIComponent(line.sku)}`}
                    size="sm"
                    fw={600}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {line.title}
                  </Anchor>
                ) : (
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {line.title}
                  </Text>
                )}
                <Text size="xs" c="gray.7">
                  {t('catalog.sku')}: {line.sku}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              {extraCells?.(line)}
              <Table.Td ta="right">{formatMoney(line.list_price, locale)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {quotedCell ? quotedCell(line, index) : money(line.unit_price)}
              </Table.Td>
              <Table.Td ta="right">{money(lineTotalOf(line))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ResponsiveTable>
    </Card>
  );
}
