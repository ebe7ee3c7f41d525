import {
  Alert,
  Anchor,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconNote } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';
import { useParams } from 'react-router';
import type { StaffOrder } from '@portal/contract';
import { downloadFile } from '../../../shared/api/download';
import { countryName } from '../../../shared/format/country';
import { formatDateTime } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import { AddressLines } from '../../../shared/ui/address-lines';
import { DocumentLines } from '../../../shared/ui/document-lines';
import { Fact } from '../../../shared/ui/fact';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { notifyError } from '../../../shared/ui/notify';
import { OrderShipments } from '../../../shared/ui/order-shipments';
import { OrderStatusBadge } from '../../../shared/ui/order-status-badge';
import { PageLoader } from '../../../shared/ui/page-loader';
import { ResponsiveTable } from '../../../shared/ui/responsive-table';
import { Totals } from '../../../shared/ui/totals';
import { useStaffOrder } from '../api/orders';
import { OrderActions, OrderNoteForm } from '../components/order-actions';
import { PaymentStatusBadge } from '../components/payment-status-badge';

/** Back office: one order with everything staff need to act on it. */
export function StaffOrderPage() {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const { id = '' } = useParams();
  const order = useStaffOrder(id);

  if (order.isError) {
    return (
      <Alert color="red" role="alert">
        {order.error.message}
      </Alert>
    );
  }
  if (!order.data) return <PageLoader />;
  const data = order.data;

  return (
    <Stack gap="lg">
      <Anchor component={LocaleLink} to="/admin/orders" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('staff:order.backToList')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Group gap="sm" align="center">
          <Title order={1} size="h2" c="brand.9">
            {t('orders.detailTitle', { number: data.order_number })}
          </Title>
          <OrderStatusBadge status={data.status} />
        </Group>
        <OrderActions order={data} />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('staff:order.summary')}
          </Title>
          <Stack gap={8}>
            <Fact label={t('orders.date')}>{formatDateTime(data.date, locale)}</Fact>
            <Fact label={t('orders.progress')}>{t(`checkout.progress.${data.progress}`)}</Fact>
            <Fact label={t('orders.payment')}>{t(`checkout.methods.${data.payment_method}`)}</Fact>
            <Fact label={t('orders.orderValue')}>{formatMoney(data.order_value, locale)}</Fact>
            <Fact label={t('orders.shipping')}>{data.shipping_method}</Fact>
            <Fact label={t('orders.trackingNumber')}>
              {data.tracking_number ? `${data.carrier ?? ''} ${data.tracking_number}` : '—'}
            </Fact>
            {data.shipped_at && (
              <Fact label={t('staff:order.shippedAt')}>
                {formatDateTime(data.shipped_at, locale)}
              </Fact>
            )}
            {data.comment && (
              <Fact label={t('orders.comment')}>
                <span style={{ whiteSpace: 'pre-wrap' }}>{data.comment}</span>
              </Fact>
            )}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('staff:orders.company')}
          </Title>
          <Stack gap={8}>
            <Fact label={t('staff:order.name')}>{data.company.name}</Fact>
            <Fact label={t('staff:order.vatNumber')}>{data.company.vat_number}</Fact>
            <Fact label={t('staff:orders.country')}>
              {countryName(data.company.country, locale)}
            </Fact>
            <Fact label={t('staff:orders.buyer')}>{data.buyer.full_name}</Fact>
            <Fact label={t('staff:order.email')}>
              <Anchor href={`mailto:${data.buyer.email}`}>{data.buyer.email}</Anchor>
            </Fact>
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('staff:order.documents')}
          </Title>
          {data.documents.length === 0 ? (
            <Text size="sm" c="gray.7">
              {t('staff:order.noDocuments')}
            </Text>
          ) : (
            <Stack gap={8}>
              {data.documents.map((document) => (
                <Fact key={document._id} label={t(`staff:order.documentKinds.${document.kind}`)}>
                  <DocumentPdfLink document={document} /> · {formatMoney(document.total, locale)}
                </Fact>
              ))}
            </Stack>
          )}
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
              total: data.order_value,
            }}
          />
        </Stack>
      </Card>
      <OrderShipments order={data} />
      <Payments order={data} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <AddressLines title={t('orders.deliveryAddress')} address={data.delivery_address} />
            <AddressLines title={t('orders.invoiceAddress')} address={data.invoice_address} />
          </SimpleGrid>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('staff:order.timeline')}
          </Title>
          <OrderTimeline order={data} />
          <OrderNoteForm order={data} />
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

/** Downloads the invoice or credit note as the customer gets it, in the staff member's language. */
function DocumentPdfLink({ document }: { document: StaffOrder['documents'][number] }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const download = useMutation({
    mutationFn: () =>
      downloadFile(
        `/admin/${document.kind === 'invoice' ? 'invoices' : 'credit-notes'}/${document._id}/pdf`,
        `${document.kind === 'invoice' ? 'invoice' : 'credit-note'}-${document.number}.pdf`,
      ),
    onError: notifyError,
  });
  return (
    <Anchor
      component="button"
      type="button"
      fw={600}
      aria-label={t('staff:order.downloadPdf', { number: document.number })}
      onClick={() => download.mutate()}
    >
      {document.number}
    </Anchor>
  );
}

function Payments({ order }: { order: StaffOrder }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  return (
    <Card withBorder radius="md" padding={0}>
      <Title order={2} size="h4" p="md" pb={0}>
        {t('staff:order.payments')}
      </Title>
      {order.payments.length === 0 ? (
        <Text size="sm" c="gray.7" p="md">
          {t('staff:order.noPayments')}
        </Text>
      ) : (
        <ResponsiveTable minWidth={640} label={t('staff:order.payments')} verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('staff:order.provider')}</Table.Th>
              <Table.Th>{t('orders.payment')}</Table.Th>
              <Table.Th>{t('orders.status')}</Table.Th>
              <Table.Th>{t('orders.date')}</Table.Th>
              <Table.Th>{t('staff:order.paidAt')}</Table.Th>
              <Table.Th ta="right">{t('staff:order.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.payments.map((payment) => (
              <Table.Tr key={payment._id}>
                <Table.Td>{t(`staff:order.providers.${payment.provider}`)}</Table.Td>
                <Table.Td>{t(`checkout.methods.${payment.method}`)}</Table.Td>
                <Table.Td>
                  <PaymentStatusBadge status={payment.status} />
                </Table.Td>
                <Table.Td>{formatDateTime(payment.created_at, locale)}</Table.Td>
                <Table.Td>
                  {payment.paid_at ? formatDateTime(payment.paid_at, locale) : '—'}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(payment.amount, locale)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      )}
    </Card>
  );
}

interface TimelineEntry {
  at: string;
  title: string;
  by: string;
  note: string | null;
  internal: boolean;
}

/** Status moves, shipments and internal notes in the order they happened, with who did them. */
function OrderTimeline({ order }: { order: StaffOrder }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const status = (value: StaffOrder['status']) => t(`orders.statuses.${value}`);
  const entries: TimelineEntry[] = [
    ...order.events.map((event) => ({
      at: event.happened_at,
      title:
        event.from_status === null
          ? t('staff:timeline.placed')
          : event.from_status === event.status
            ? t('staff:timeline.shipped')
            : t('staff:timeline.moved', {
                from: status(event.from_status),
                to: status(event.status),
              }),
      by: event.by?.full_name ?? t(`staff:actors.${event.actor}`),
      note: event.note,
      internal: false,
    })),
    ...order.notes.map((note) => ({
      at: note.created_at,
      title: t('staff:timeline.note'),
      by: note.by.full_name,
      note: note.note,
      internal: true,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <Timeline active={entries.length - 1} bulletSize={20} lineWidth={2} color="brand.8" mb="lg">
      {entries.map((entry, index) => (
        <Timeline.Item
          key={`${entry.at}-${index}`}
          title={entry.title}
          bullet={entry.internal ? <IconNote size={12} aria-hidden /> : undefined}
          data-timeline-entry
        >
          <Text size="xs" c="gray.7">
            {formatDateTime(entry.at, locale)} · {entry.by}
          </Text>
          {entry.note && (
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
              {entry.note}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
