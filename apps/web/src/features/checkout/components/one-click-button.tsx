import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBolt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/ui/notify';
import { useBuyWithOneClick, useCheckoutOptions } from '../api/checkout';
import { RedirectingOverlay } from './redirecting-overlay';
import { useIdempotencyKey, usePaymentRedirect } from './use-payment-redirect';
import { wrappingButton } from '../../../shared/ui/wrapping-button';

/**
 * 'Buy with one click': after one confirmation, orders the cart with the company's default
 * addresses and the last payment method, then goes to payment.
 */
export function OneClickButton({ disabled, comment }: { disabled: boolean; comment?: string }) {
  const { t } = useTranslation();
  const options = useCheckoutOptions();
  const buy = useBuyWithOneClick();
  const keyFor = useIdempotencyKey();
  const { redirecting, follow } = usePaymentRedirect();
  const available = options.data?.one_click_available ?? false;

  const place = () => {
    const body = { comment: comment?.trim() || null };
    buy.mutate({ body, idempotencyKey: keyFor(body) }, { onSuccess: follow, onError: notifyError });
  };

  const confirm = () =>
    modals.openConfirmModal({
      title: t('checkout.oneClick.title'),
      children: (
        <Text size="sm">
          {t('checkout.oneClick.text', {
            method: options.data
              ? t(`checkout.methods.${options.data.default_payment_method}`)
              : '',
          })}
        </Text>
      ),
      labels: { confirm: t('checkout.oneClick.confirm'), cancel: t('common.cancel') },
      cancelProps: { variant: 'default' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: place,
    });

  return (
    <>
      <Button
        variant="outline"
        leftSection={<IconBolt size={18} aria-hidden />}
        onClick={confirm}
        loading={buy.isPending}
        disabled={disabled || !available}
        fullWidth
        classNames={wrappingButton}
      >
        {t('checkout.oneClick.button')}
      </Button>
      {options.data && !available && (
        <Text size="xs" c="dimmed" ta="center">
          {t('checkout.oneClick.needsDefault')}
        </Text>
      )}
      <RedirectingOverlay visible={redirecting} />
    </>
  );
}
