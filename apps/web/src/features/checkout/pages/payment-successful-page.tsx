import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconBuildingBank } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { CHECKOUT_WEB_PATHS } from '@portal/contract';
import { formatMoney } from '../../../shared/format/money';
import { useLocale, useLocalizePath } from '../../../shared/locale/use-locale';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { PageLoader } from '../../../shared/ui/page-loader';
import { awaitingOnlinePayment, useOrder } from '../../../shared/api/order';
import { OrderFacts } from '../components/order-facts';
import { PaymentNotFound } from './payment-not-found';

/** Payment successful: the order number, and for bank transfer where to send the money. */
export function PaymentSuccessfulPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizePath();
  const [params] = useSearchParams();
  const orderId = params.get('order_id');
  const order = useOrder(orderId);

  if (!orderId) return <PaymentNotFound />;
  if (!order.data) return order.isError ? <PaymentNotFound /> : <PageLoader />;
  const data = order.data;
  if (data.status === 'failed' || data.status === 'canceled') {
    return <Navigate to={`${localize(CHECKOUT_WEB_PATHS.paymentFailed)}?${params}`} replace />;
  }
  const confirming = awaitingOnlinePayment(data);

  return (
    <Stack gap="lg" align="center" py="md">
      <IconCircleCheck size={64} color="var(--mantine-color-teal-8)" aria-hidden />
      <Title order={1} size="h2" c="brand.9" ta="center">
        {t('checkout.result.successTitle')}
      </Title>
      <Text ta="center" maw={560}>
        {t('checkout.result.successText', { number: data.order_number })}
      </Text>
      {confirming && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('checkout.result.confirming')}</Text>
        </Group>
      )}
      {data.bank_account && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconBuildingBank size={18} aria-hidden />}
          title={t('checkout.result.bankTitle')}
          w="100%"
          maw={560}
        >
          <Text size="sm">
            {t('checkout.result.bankText', {
              amount: formatMoney(data.order_value, locale),
              number: data.order_number,
            })}
          </Text>
          <Text size="sm" mt="xs">
            {t('checkout.result.accountHolder')}:{' '}
            <strong>{data.bank_account.account_holder}</strong>
            <br />
            IBAN: <strong>{data.bank_account.iban}</strong>
            <br />
            BIC: <strong>{data.bank_account.bic}</strong>
          </Text>
        </Alert>
      )}
      <OrderFacts order={data} />
      <Button component={LocaleLink} to="/">
        {t('cart.continueShopping')}
      </Button>
    </Stack>
  );
}
