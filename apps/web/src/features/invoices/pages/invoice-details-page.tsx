import type { ReactNode } from 'react';
import { Alert, Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDate } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { PageLoader } from '../../../shared/ui/page-loader';
import { Totals } from '../../../shared/ui/totals';
import { AddressLines } from '../../../shared/ui/address-lines';
import { useInvoice } from '../api/invoices';
import { DownloadInvoiceButton } from '../components/download-button';
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
        <DownloadInvoiceButton invoice={data} />
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
    </Stack>
  );
}
