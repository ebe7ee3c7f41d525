import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../format/money';
import { useLocale } from '../locale/use-locale';
import { ResponsiveTable } from './responsive-table';

export interface DocumentLine {
  sku: string;
  title: string;
  quantity: number;
  price: number;
  subtotal: number;
}

/** The lines of an order or an invoice: SKU, product, quantity, price and line subtotal. */
export function DocumentLines({ lines }: { lines: DocumentLine[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <ResponsiveTable minWidth={560} label={t('orders.lines')} verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('orders.sku')}</Table.Th>
          <Table.Th>{t('orders.product')}</Table.Th>
          <Table.Th ta="right">{t('orders.quantity')}</Table.Th>
          <Table.Th ta="right">{t('orders.price')}</Table.Th>
          <Table.Th ta="right">{t('orders.subtotal')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line, index) => (
          <Table.Tr key={`${index}-${line.sku}`}>
            <Table.Td>{line.sku}</Table.Td>
            <Table.Td>{line.title}</Table.Td>
            <Table.Td ta="right">{line.quantity}</Table.Td>
            <Table.Td ta="right">{formatMoney(line.price, locale)}</Table.Td>
            <Table.Td ta="right">{formatMoney(line.subtotal, locale)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
