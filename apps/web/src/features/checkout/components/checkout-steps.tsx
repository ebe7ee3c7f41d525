import { Stepper } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STEPS = ['cart', 'delivery', 'summary', 'payment'] as const;

/**
 * Where the buyer is in the checkout flow (SPEC section 4): cart, delivery, summary, payment. A
 * quote being accepted takes the cart's place.
 */
export function CheckoutSteps({
  active,
  quote = false,
}: {
  active: (typeof STEPS)[number];
  quote?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('checkout.steps.label')}>
      <Stepper active={STEPS.indexOf(active)} size="sm" allowNextStepsSelect={false}>
        {STEPS.map((step, index) => (
          <Stepper.Step
            key={step}
            label={t(step === 'cart' && quote ? 'checkout.steps.quote' : `checkout.steps.${step}`)}
            aria-current={index === STEPS.indexOf(active) ? 'step' : undefined}
          />
        ))}
      </Stepper>
    </nav>
  );
}
