import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { hasValidToken } from '../../../shared/auth/session';
import { LocaleLink } from '../../../shared/ui/locale-link';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="xl" maw={560} mx="auto" mt="xl" shadow="xs">
      <Stack align="center" gap="sm" ta="center">
        <IconMapPinOff size={48} color="var(--mantine-color-brand-7)" aria-hidden />
        <Title order={1} size="h2" c="brand.9">
          {t('notFound.title')}
        </Title>
        <Text>{t('notFound.text')}</Text>
        <Button component={LocaleLink} to={hasValidToken() ? '/' : '/sign-in'} mt="sm">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Paper>
  );
}
