import { useState } from 'react';
import {
  Alert,
  Anchor,
  Card,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import { PageLoader } from '../../../shared/ui/page-loader';
import { Pager } from '../../../shared/ui/pager';
import { useInvoiceList } from '../api/invoices';
import { DownloadInvoiceButton } from '../components/download-button';

const SEARCH_DEBOUNCE_MS = 300;

/** 'Invoices': the company's invoices, each with its details (relative link) and PDF. */
export function InvoicesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useInvoiceList(page, debounced);

  return (
    <Stack gap="lg">
      <Title order={1} size="h2" c="brand.9">
        {t('invoices.title')}
      </Title>
      <TextInput
        label={t('invoices.search')}
        value={search}
        maxLength={20}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        w={{ base: '100%', sm: 260 }}
      />
      {list.isError && (
        <Alert color="red" role="alert">
          {list.error.message}
        </Alert>
      )}
      {list.isPending && <PageLoader />}
      {list.data && (
        <Card withBorder radius="md" padding={0}>
          {list.data.items.length === 0 ? (
            <Text p="md" c="gray.7">
              {t('invoices.empty')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table striped highlightOnHover verticalSpacing="sm">
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
                  {list.data.items.map((invoice) => (
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
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>
      )}
      {list.data && list.data.totalPage > 1 && (
        <Pager page={page} totalPage={list.data.totalPage} onChange={setPage} />
      )}
    </Stack>
  );
}
