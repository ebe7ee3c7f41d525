import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { can, NOTIFICATION_TYPES, type NotificationPreferences } from '@portal/contract';
import { useMe } from '../../../shared/auth/me';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/preferences';

/** 'Email Notification Preferences': one e-mail switch per notification type the role gets. */
export function EmailPreferencesPage() {
  const { t } = useTranslation();
  const role = useMe().data?.role;
  const stored = useNotificationPreferences();
  const save = useUpdateNotificationPreferences();
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  const values = draft ?? stored.data?.preferences;

  if (stored.isError) {
    return (
      <Alert color="red" role="alert">
        {stored.error.message}
      </Alert>
    );
  }
  if (!values) return <PageLoader />;

  const onSave = () =>
    save.mutate(values, {
      onSuccess: () => {
        setDraft(null);
        notifications.show({ color: 'teal', message: t('preferences.saved') });
      },
    });

  return (
    <Stack gap="lg" maw={640}>
      <div>
        <Title order={1} size="h2" c="brand.9">
          {t('breadcrumbs.emailNotificationPreferences')}
        </Title>
        <Text c="gray.7" size="sm">
          {t('preferences.intro')}
        </Text>
      </div>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          {NOTIFICATION_TYPES.filter((type) => can(role, `notifications.${type}`)).map((type) => (
            <Switch
              key={type}
              checked={values[type]}
              onChange={(event) => setDraft({ ...values, [type]: event.currentTarget.checked })}
              label={t(`preferences.types.${type}`)}
              description={t(`preferences.descriptions.${type}`)}
            />
          ))}
        </Stack>
      </Card>
      {save.isError && (
        <Alert color="red" role="alert">
          {save.error.message}
        </Alert>
      )}
      <Group>
        <Button onClick={onSave} loading={save.isPending} disabled={!draft}>
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
