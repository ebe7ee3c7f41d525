import { useState } from 'react';
import {
  Anchor,
  Card,
  Divider,
  Group,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { can } from '@portal/contract';
import { useMe } from '../../../shared/auth/me';
import { formatDate } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import { ListFilters, SearchFilter, useListState } from '../../../shared/ui/list-filters';
import { DateRangeInputs } from '../../../shared/ui/date-range-inputs';
import { ExportButtons } from '../../../shared/ui/export-buttons';
import { ListResult } from '../../../shared/ui/list-result';
import { useInvoiceList } from '../api/invoices';
import { DownloadInvoiceButton } from '../components/download-button';
import { InvoiceArchives } from '../components/invoice-archives';

/**
 * 'Invoices': the company's invoices, each with its details (relative link) and PDF; owners and
 * accountants export those of a period for their books.
 */
export function InvoicesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { page, setPage, search, setSearch, debouncedSearch } = useListState();
  const list = useInvoiceList(page, debouncedSearch);
  const exporting = can(useMe().data?.role, 'invoices.export');

  return (
    <Stack gap="lg">
      <Title order={1} size="h2" c="brand.9">
        {t('invoices.title')}
      </Title>
      <ListFilters>
        <SearchFilter
          label={t('invoices.search')}
          value={search}
          maxLength={20}
          width={260}
          onChange={setSearch}
        />
      </ListFilters>
      {exporting && <InvoiceExport search={debouncedSearch} />}
      <ListResult query={list} page={page} onPage={setPage} empty={t('invoices.empty')}>
        {(invoices) => (
          <>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('invoices.number')}</Table.Th>
                <Table.Th>{t('invoices.issuedAt')}</Table.Th>
                <Table.Th>{t('invoices.billTo')}</Table.Th>
                <Table.Th>{t('invoices.order')}</Table.Th>
                <Table.Th ta="right">{t('invoices.amount')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('invoices.download')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.map((invoice) => (
                <Table.Tr key={invoice._id} data-invoice-row>
                  <Table.Td>
                    <Anchor component={Link} to={`invoice-details/${invoice._id}`} fw={600}>
                      {invoice.invoice_number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDate(invoice.issued_at, locale)}</Table.Td>
                  <Table.Td>{invoice.bill_to_name}</Table.Td>
                  <Table.Td>{invoice.order.order_number}</Table.Td>
                  <Table.Td ta="right">{formatMoney(invoice.amount, locale)}</Table.Td>
                  <Table.Td>
                    <DownloadInvoiceButton invoice={invoice} compact />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </>
        )}
      </ListResult>
    </Stack>
  );
}

/** The export of the invoices of a period (and of the list's search) as CSV or XLSX. */
function InvoiceExport({ search }: { search: string }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState({ date_from: '', date_to: '' });
  const params = new URLSearchParams();
  if (period.date_from) params.set('date_from', period.date_from);
  if (period.date_to) params.set('date_to', period.date_to);
  if (search) params.set('search', search);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="invoice-export">
      <Text fw={600} id="invoice-export" mb={4}>
        {t('invoices.export.title')}
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        {t('invoices.export.hint')}
      </Text>
      <Group align="flex-end" gap="sm">
        <DateRangeInputs
          from={period.date_from}
          to={period.date_to}
          onChange={(change) => setPeriod((current) => ({ ...current, ...change }))}
        />
        <ExportButtons
          path="/invoices"
          name="invoices"
          params={params}
          labels={{ csv: t('invoices.export.csv'), xlsx: t('invoices.export.xlsx') }}
        />
      </Group>
      <Divider my="md" />
      <InvoiceArchives period={period} />
    </Card>
  );
}
