import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleX, IconReload, IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CHECKOUT_WEB_PATHS } from '@portal/contract';
import { useLocalizePath } from '../../../shared/locale/use-locale';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useOrder } from '../../../shared/api/order';
import { usePayOrder, useRestoreCart } from '../api/orders';
import { OrderFacts } from '../components/order-facts';
import { RedirectingOverlay } from '../components/redirecting-overlay';
import { usePaymentRedirect } from '../components/use-payment-redirect';
import { PaymentNotFound } from './payment-not-found';

/** Payment failed: the cart comes back with one click; a still open order can be paid again. */
export function PaymentFailedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const [params] = useSearchParams();
  const orderId = params.get('order_id');
  const order = useOrder(orderId);
  const restore = useRestoreCart();
  const pay = usePayOrder();
  const { redirecting, follow } = usePaymentRedirect();

  if (!orderId) return <PaymentNotFound />;
  if (!order.data) return order.isError ? <PaymentNotFound /> : <PageLoader />;
  const data = order.data;

  const restoreCart = () =>
    restore.mutate(data._id, {
      onSuccess: () => {
        notifySuccess(t('checkout.result.restored'));
        void navigate(localize(CHECKOUT_WEB_PATHS.cart));
      },
      onError: notifyError,
    });
  const payAgain = () => pay.mutate(data._id, { onSuccess: follow, onError: notifyError });

  return (
    <Stack gap="lg" align="center" py="md">
      <IconCircleX size={64} color="var(--mantine-color-red-8)" aria-hidden />
      <Title order={1} size="h2" c="brand.9" ta="center">
        {t('checkout.result.failedTitle')}
      </Title>
      <Text ta="center" maw={560}>
        {data.status === 'pending'
          ? t('checkout.result.failedPendingText', { number: data.order_number })
          : t('checkout.result.failedText', { number: data.order_number })}
      </Text>
      <Group justify="center" gap="sm">
        {data.can_restore_cart && (
          <Button
            leftSection={<IconShoppingCart size={18} aria-hidden />}
            onClick={restoreCart}
            loading={restore.isPending}
          >
            {t('checkout.result.restoreCart')}
          </Button>
        )}
        {data.status === 'pending' && (
          <Button
            leftSection={<IconReload size={18} aria-hidden />}
            onClick={payAgain}
            loading={pay.isPending}
          >
            {t('checkout.result.payAgain')}
          </Button>
        )}
        <Button component={LocaleLink} to="/" variant="default">
          {t('cart.continueShopping')}
        </Button>
      </Group>
      <OrderFacts order={data} unpaid />
      <RedirectingOverlay visible={redirecting} />
    </Stack>
  );
}
