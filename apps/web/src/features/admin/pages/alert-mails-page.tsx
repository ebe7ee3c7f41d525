import { Alert, Card, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { STAFF_ALERTS, type StaffAlertMails } from '@portal/contract';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useAlertMails, useSetAlertMails } from '../api/alerts';

/** Back office: which alerts the signed-in member of staff also gets by e-mail, one switch each. */
export function AlertMailsPage() {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const choice = useAlertMails();
  const save = useSetAlertMails();
  if (choice.isError) {
    return (
      <Alert color="red" role="alert">
        {choice.error.message}
      </Alert>
    );
  }
  if (!choice.data) return <PageLoader />;
  const current: StaffAlertMails = choice.data;
  const toggle = (alert: keyof StaffAlertMails, on: boolean) =>
    save.mutate(
      { ...current, [alert]: on },
      {
        onSuccess: () =>
          notifications.show({ color: 'teal', message: t('staff:alertMails.saved') }),
      },
    );
  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={1} size="h2" c="brand.9">
          {t('staff:alertMails.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('staff:alertMails.subtitle')}
        </Text>
      </div>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          {STAFF_ALERTS.map((alert) => (
            <Switch
              key={alert}
              checked={current[alert]}
              disabled={save.isPending}
              label={t(`staff:alertMails.kinds.${alert}`)}
              description={t(`staff:alertMails.hints.${alert}`)}
              onChange={(event) => toggle(alert, event.currentTarget.checked)}
            />
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}
