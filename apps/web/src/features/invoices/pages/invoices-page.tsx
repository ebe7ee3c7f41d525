import { Anchor, Stack, Table, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import { ListFilters, SearchFilter, useListState } from '../../../shared/ui/list-filters';
import { ListResult } from '../../../shared/ui/list-result';
import { useInvoiceList } from '../api/invoices';
import { DownloadInvoiceButton } from '../components/download-button';

/** 'Invoices': the company's invoices, each with its details (relative link) and PDF. */
export function InvoicesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { page, setPage, search, setSearch, debouncedSearch } = useListState();
  const list = useInvoiceList(page, debouncedSearch);

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
