import { Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CheckoutSummary, PaymentMethod } from '@portal/contract';

/** SPEC section 9's payment methods; bank transfer is marked with its longer delivery time. */
export function PaymentMethods({
  methods,
  value,
  onChange,
}: {
  methods: CheckoutSummary['payment_methods'];
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      value={value}
      onChange={(next) => onChange(next as PaymentMethod)}
      label={t('checkout.summary.paymentMethod')}
    >
      <Stack gap="sm" mt="xs">
        {methods.map((option) => (
          <Radio
            key={option.method}
            value={option.method}
            label={t(`checkout.methods.${option.method}`)}
            description={
              option.longer_delivery
                ? t('checkout.summary.longerDelivery', { days: option.delivery_days })
                : undefined
            }
            styles={{ description: { color: '#a34000', fontWeight: 600 } }}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
