import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@portal/contract';
import { formatDateTime, formatRelativeTime } from '../../../shared/format/date';
import { useLocale } from '../../../shared/locale/use-locale';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { describeNotification } from '../notification-text';

/** One notification: what happened, how long ago, a dot while unseen; a link to its order or invoice. */
export function NotificationItem({
  notification,
  onNavigate,
}: {
  notification: Notification;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { key, values, to } = describeNotification(notification);
  const body = (
    <Group gap="sm" wrap="nowrap" align="flex-start" p="xs">
      <Box
        mt={6}
        w={8}
        h={8}
        style={{ borderRadius: '50%', flexShrink: 0 }}
        bg={notification.seen ? 'transparent' : 'blue.8'}
        aria-hidden
      />
      <div>
        <Text size="sm" fw={notification.seen ? 400 : 600}>
          {t(key, values)}
        </Text>
        <Text size="xs" c="gray.7" title={formatDateTime(notification.happened_at, locale)}>
          <time dateTime={notification.happened_at}>
            {formatRelativeTime(notification.happened_at, locale)}
          </time>
        </Text>
      </div>
    </Group>
  );
  if (!to) return body;
  return (
    <UnstyledButton component={LocaleLink} to={to} onClick={onNavigate} w="100%" data-notification>
      {body}
    </UnstyledButton>
  );
}
