import type { ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { CreditNoteSummary } from '@portal/contract';
import { formatDate } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { PageLoader } from '../../../shared/ui/page-loader';
import { Totals } from '../../../shared/ui/totals';
import { AddressLines } from '../../../shared/ui/address-lines';
import { useDownloadDocument, useInvoice } from '../api/invoices';
import { DownloadInvoiceButton } from '../components/download-button';
import { EInvoiceMenu } from '../components/e-invoice-menu';
import { notifyError } from '../../../shared/ui/notify';
import { ResponsiveTable } from '../../../shared/ui/responsive-table';
import { DocumentLines } from '../../../shared/ui/document-lines';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right">
        {children}
      </Text>
    </Group>
  );
}

/** 'Invoice Details': the invoice as issued, with its PDF download. */
export function InvoiceDetailsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { id = '' } = useParams();
  const invoice = useInvoice(id);

  if (invoice.isError) {
    return (
      <Alert color="red" role="alert">
        {invoice.error.message}
      </Alert>
    );
  }
  if (!invoice.data) return <PageLoader />;
  const data = invoice.data;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2" c="brand.9">
          {t('invoices.detailTitle', { number: data.invoice_number })}
        </Title>
        <Group gap="sm">
          <DownloadInvoiceButton invoice={data} />
          <EInvoiceMenu document={{ kind: 'invoice', id: data._id, number: data.invoice_number }} />
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg">
          <Stack gap={8}>
            <Fact label={t('invoices.number')}>{data.invoice_number}</Fact>
            <Fact label={t('invoices.issuedAt')}>{formatDate(data.issued_at, locale)}</Fact>
            <Fact label={t('invoices.billTo')}>{data.bill_to_name}</Fact>
            <Fact label={t('invoices.order')}>
              <Anchor component={LocaleLink} to={`/orders/${data.order._id}`}>
                {data.order.order_number}
              </Anchor>
            </Fact>
            <Fact label={t('orders.payment')}>{t(`checkout.methods.${data.payment_method}`)}</Fact>
            <Fact label={t('invoices.amount')}>{formatMoney(data.amount, locale)}</Fact>
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <AddressLines title={t('invoices.billingAddress')} address={data.billing_address} />
            <AddressLines title={t('invoices.shippingAddress')} address={data.shipping_address} />
          </SimpleGrid>
        </Card>
      </SimpleGrid>
      <Card withBorder radius="md" padding={0}>
        <DocumentLines lines={data.lines} />
        <Stack p="md" maw={420} ml="auto">
          <Totals
            totals={{
              subtotal: data.subtotal,
              shipping_amount: data.shipping_amount,
              shipping_method: data.shipping_method,
              tax_amount: data.tax_amount,
              vat_rate: data.vat_rate,
              vat_mention: data.vat_mention,
              total: data.amount,
            }}
          />
        </Stack>
      </Card>
      {data.credit_notes.length > 0 && <CreditNotes notes={data.credit_notes} />}
    </Stack>
  );
}

/** The credit notes issued against the invoice, each as PDF and as e-invoice. */
function CreditNotes({ notes }: { notes: CreditNoteSummary[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const download = useDownloadDocument();
  return (
    <Card withBorder radius="md" padding={0} component="section" aria-labelledby="credit-notes">
      <Text fw={600} p="md" pb={0} id="credit-notes">
        {t('invoices.creditNotes.title')}
      </Text>
      <ResponsiveTable minWidth={640} verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('invoices.creditNotes.number')}</Table.Th>
            <Table.Th>{t('invoices.issuedAt')}</Table.Th>
            <Table.Th ta="right">{t('invoices.amount')}</Table.Th>
            <Table.Th>{t('invoices.creditNotes.files')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {notes.map((note) => {
            const document = {
              kind: 'credit-note' as const,
              id: note._id,
              number: note.credit_note_number,
            };
            return (
              <Table.Tr key={note._id}>
                <Table.Td>{note.credit_note_number}</Table.Td>
                <Table.Td>{formatDate(note.issued_at, locale)}</Table.Td>
                <Table.Td ta="right">{formatMoney(note.total, locale)}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconDownload size={16} aria-hidden />}
                      onClick={() =>
                        download.mutate({ document, format: 'pdf' }, { onError: notifyError })
                      }
                      aria-label={t('invoices.creditNotes.pdfLabel', {
                        number: note.credit_note_number,
                      })}
                    >
                      PDF
                    </Button>
                    <EInvoiceMenu document={document} compact />
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </ResponsiveTable>
    </Card>
  );
}
