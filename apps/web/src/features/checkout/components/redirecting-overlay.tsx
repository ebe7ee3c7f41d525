import { Loader, Overlay, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** SPEC section 2: 'Redirecting to payment...' while the browser leaves for the provider. */
export function RedirectingOverlay({ visible }: { visible: boolean }) {
  const { t } = useTranslation();
  if (!visible) return null;
  return (
    <Overlay fixed color="#fff" backgroundOpacity={0.92} zIndex={400} center>
      <Stack align="center" gap="md" role="status" aria-live="polite">
        <Loader size="lg" aria-hidden />
        <Text size="lg" fw={600} c="brand.9">
          {t('checkout.redirecting')}
        </Text>
      </Stack>
    </Overlay>
  );
}
