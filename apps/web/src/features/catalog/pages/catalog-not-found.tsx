import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../shared/ui/locale-link';

/** An unknown category or product: SPEC's 'This page is not found' message. */
export function CatalogNotFound() {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack align="center" gap="sm">
        <Title order={1} size="h3">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Button component={LocaleLink} to="/" variant="light">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Card>
  );
}
