import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../shared/ui/locale-link';

/** A payment result page without a known order of the company. */
export function PaymentNotFound() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="md" py="xl">
      <Text>{t('notFound.text')}</Text>
      <Button component={LocaleLink} to="/" variant="light">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
