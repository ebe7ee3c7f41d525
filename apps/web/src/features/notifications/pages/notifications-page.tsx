import { useState } from 'react';
import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../shared/ui/page-loader';
import { Pager } from '../../../shared/ui/pager';
import { useNotificationsPage } from '../api/notifications';
import { NotificationItem } from '../components/notification-item';

/** The notifications list: every notification of the user, 10 a page, marked seen as shown. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useNotificationsPage(page);
  return (
    <Stack gap="lg">
      <Title order={1} size="h2" c="brand.9">
        {t('notifications.title')}
      </Title>
      {list.isError && (
        <Alert color="red" role="alert">
          {t('notifications.loadError')}
        </Alert>
      )}
      {list.isPending && <PageLoader />}
      {list.data && (
        <Card withBorder radius="md" padding="sm">
          {list.data.notifications.length === 0 ? (
            <Text c="gray.7">{t('notifications.empty')}</Text>
          ) : (
            <Stack gap={0}>
              {list.data.notifications.map((notification) => (
                <NotificationItem key={notification._id} notification={notification} />
              ))}
            </Stack>
          )}
        </Card>
      )}
      {list.data && list.data.totalPage > 1 && (
        <Pager page={page} totalPage={list.data.totalPage} onChange={setPage} />
      )}
    </Stack>
  );
}
