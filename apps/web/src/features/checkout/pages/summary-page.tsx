import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconLock, IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { CheckoutSummaryRequest, PaymentMethod, PlaceOrderRequest } from '@portal/contract';
import { useMe } from '../../../shared/auth/me';
import { formatMoney } from '../../../shared/format/money';
import { useLocale, useLocalizePath } from '../../../shared/locale/use-locale';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { PageLoader } from '../../../shared/ui/page-loader';
import {
  useCheckoutOptions,
  useCheckoutSummary,
  usePlaceOrder,
  useSubmitForApproval,
} from '../api/checkout';
import { readChoice, readQuote, writeChoice } from '../checkout-choice';
import { QuoteNote } from '../components/quote-note';
import { AddressLines } from '../../../shared/ui/address-lines';
import { CheckoutSteps } from '../components/checkout-steps';
import { OneClickButton } from '../components/one-click-button';
import { PaymentMethods } from '../components/payment-methods';
import { RedirectingOverlay } from '../components/redirecting-overlay';
import { Totals } from '../../../shared/ui/totals';
import classes from '../components/checkout.module.css';
import { useIdempotencyKey, usePaymentRedirect } from '../components/use-payment-redirect';
import { purchaseBlocked } from '../vat-status';
import { wrappingButton } from '../../../shared/ui/wrapping-button';

const COMMENT_MAX = 1000;

/** Summary/payment step: lines, totals, payment method, comment, delivery time, place order. */
export function SummaryPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const me = useMe().data;
  const options = useCheckoutOptions();
  const [chosenMethod, setMethod] = useState<PaymentMethod | null>(null);
  const [comment, setComment] = useState('');
  const place = usePlaceOrder();
  const submitForApproval = useSubmitForApproval();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const keyFor = useIdempotencyKey();
  const { redirecting, follow } = usePaymentRedirect();

  const { deliveryId, invoiceId } = readChoice(params);
  const quoteId = readQuote(params);
  const method = chosenMethod ?? options.data?.default_payment_method ?? null;
  const request: CheckoutSummaryRequest | null =
    deliveryId && method
      ? {
          delivery_address_id: deliveryId,
          invoice_address_id: invoiceId ?? null,
          payment_method: method,
          ...(quoteId ? { quote_id: quoteId } : {}),
        }
      : null;
  const summary = useCheckoutSummary(request);
  const changeLink = `/checkout/delivery?${writeChoice({ deliveryId, invoiceId: invoiceId ?? null }, quoteId)}`;

  if (!deliveryId) {
    return (
      <Alert color="blue" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
        <Stack gap="sm" align="flex-start">
          {t('checkout.delivery.chooseDelivery')}
          <Button component={LocaleLink} to="/checkout/delivery" size="xs">
            {t('checkout.delivery.title')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!me || !summary.data || !method) {
    return summary.isError || options.isError ? (
      <Stack align="center">
        <Text c="dimmed">{t('errors.generic')}</Text>
        <Button component={LocaleLink} to={changeLink} variant="default">
          {t('checkout.summary.changeAddresses')}
        </Button>
      </Stack>
    ) : (
      <PageLoader />
    );
  }
  const data = summary.data;
  const blocked = purchaseBlocked(me, invoiceId ?? null);
  const canPlace = data.can_place_order && !blocked && !summary.isFetching;
  const { spending } = data;

  const placeOrder = () => {
    const body: PlaceOrderRequest = {
      delivery_address_id: deliveryId,
      invoice_address_id: invoiceId ?? null,
      payment_method: method,
      comment: comment.trim() || null,
      ...(quoteId ? { quote_id: quoteId } : {}),
    };
    if (spending.required && !quoteId) {
      submitForApproval.mutate(body, {
        onSuccess: (approval) => {
          notifySuccess(t('checkout.summary.submitted'));
          void navigate(localize(`/approvals/${approval._id}`));
        },
        onError: notifyError,
      });
      return;
    }
    // The total shown here: prices changed since are refused and the summary shows the new one.
    const order = { ...body, expected_total: data.totals.total };
    place.mutate(
      { body: order, idempotencyKey: keyFor(order) },
      {
        onSuccess: follow,
        onError: (error) => {
          notifyError(error);
          void summary.refetch();
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <CheckoutSteps active="summary" quote={quoteId !== null} />
      <Title order={1} size="h2" c="brand.9">
        {t('checkout.summary.title')}
      </Title>
      {quoteId && <QuoteNote />}
      {data.blockers.map((blocker) => (
        <Alert
          key={blocker.code}
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} aria-hidden />}
          styles={{ message: { color: '#a61e1e' } }}
          role="alert"
        >
          {blocker.message}
        </Alert>
      ))}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="addr-h">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4" id="addr-h">
              {t('checkout.summary.addresses')}
            </Title>
            <Button component={LocaleLink} to={changeLink} variant="subtle" size="xs">
              {t('checkout.summary.changeAddresses')}
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb={4}>
                {t('checkout.delivery.deliveryAddress')}
              </Text>
              <AddressLines address={data.delivery_address} />
            </div>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb={4}>
                {t('checkout.delivery.invoiceAddress')}
              </Text>
              {data.invoice_address ? (
                <AddressLines address={data.invoice_address} />
              ) : (
                <Text size="sm">{t('checkout.delivery.sameAddress')}</Text>
              )}
            </div>
          </SimpleGrid>
        </Card>

        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="pay-h">
          <Title order={2} size="h4" mb="sm" id="pay-h">
            {t('checkout.summary.payment')}
          </Title>
          <PaymentMethods methods={data.payment_methods} value={method} onChange={setMethod} />
        </Card>
      </SimpleGrid>

      <Card withBorder radius="md" padding={0} component="section" aria-labelledby="lines-h">
        <Title order={2} size="h4" p="md" pb="xs" id="lines-h">
          {t('checkout.summary.lines')}
        </Title>
        <ul className={classes.lines}>
          {data.items.map((line) => (
            <li key={line._id} className={classes.line}>
              <Group
                justify="space-between"
                align="flex-start"
                wrap="nowrap"
                gap="md"
                px="md"
                py="sm"
              >
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {line.product.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('catalog.sku')}: {line.product.sku}
                  </Text>
                  <Text size="sm">
                    {t('checkout.summary.lineQuantity', {
                      quantity: line.quantity,
                      price: formatMoney(line.price, locale),
                    })}
                  </Text>
                </div>
                <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(line.subtotal, locale)}
                </Text>
              </Group>
            </li>
          ))}
        </ul>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <Textarea
              label={t('checkout.summary.comment')}
              description={t('checkout.summary.commentHint', { max: COMMENT_MAX })}
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
              maxLength={COMMENT_MAX}
              autosize
              minRows={3}
            />
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconTruckDelivery size={20} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm" data-delivery-time>
                {t('checkout.summary.deliveryTime', { days: data.delivery_days })}
              </Text>
            </Group>
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="tot-h">
          <Title order={2} size="h4" mb="sm" id="tot-h">
            {t('checkout.summary.totals')}
          </Title>
          <Totals totals={{ ...data.totals, shipping_method: data.shipping_method }} />
          {quoteId ? null : spending.required ? (
            <Alert color="orange" variant="light" mt="md" data-approval-needed>
              {spending.reason === 'monthly_budget'
                ? t('checkout.summary.approvalNeeded_monthly_budget', {
                    total: formatMoney(data.totals.total, locale),
                    remaining: formatMoney(spending.budget_remaining ?? 0, locale),
                  })
                : t('checkout.summary.approvalNeeded_order_limit', {
                    total: formatMoney(data.totals.total, locale),
                    limit: formatMoney(spending.order_limit ?? 0, locale),
                  })}
            </Alert>
          ) : (
            spending.budget_remaining !== null && (
              <Text size="sm" c="gray.7" mt="md">
                {t('checkout.summary.budgetLeft', {
                  remaining: formatMoney(spending.budget_remaining, locale),
                })}
              </Text>
            )
          )}
          <Stack gap="xs" mt="lg">
            {spending.required && !quoteId ? (
              <Button
                size="md"
                onClick={placeOrder}
                loading={submitForApproval.isPending}
                disabled={!canPlace}
                fullWidth
                classNames={wrappingButton}
              >
                {t('checkout.summary.submitForApproval')}
              </Button>
            ) : (
              <>
                <Button
                  size="md"
                  leftSection={<IconLock size={18} aria-hidden />}
                  onClick={placeOrder}
                  loading={place.isPending}
                  disabled={!canPlace}
                  fullWidth
                  classNames={wrappingButton}
                >
                  {t('checkout.summary.placeOrder')}
                </Button>
                {!quoteId && <OneClickButton disabled={!canPlace} comment={comment} />}
              </>
            )}
          </Stack>
        </Card>
      </SimpleGrid>

      <Group>
        <Button
          component={LocaleLink}
          to={changeLink}
          variant="default"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
          classNames={wrappingButton}
        >
          {t('checkout.summary.back')}
        </Button>
      </Group>
      <RedirectingOverlay visible={redirecting} />
    </Stack>
  );
}
