import { useRef, useState } from 'react';
import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Notification, NotificationsResponse } from '@portal/contract';
import { LocaleLink } from '../../../shared/ui/locale-link';
import {
  fetchNotifications,
  notificationsQueryKey,
  useNotificationsSummary,
} from '../api/notifications';
import { NotificationItem } from './notification-item';

const summaryKey = [...notificationsQueryKey, 'summary'];

/**
 * The header notifications dropdown (SPEC section 4): it toggles; opening clears the list and
 * loads page 1 with full_notification=1 (marking it seen); closing, or a click outside, resets
 * to page 1 with full_notification=0; More loads the next page while totalPage > page; the
 * badge shows the unseen count when above 0.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const summary = useNotificationsSummary();
  const [opened, setOpened] = useState(false);
  const [items, setItems] = useState<Notification[]>([]);
  const [page, setPage] = useState(1);
  const [totalPage, setTotalPage] = useState(0);
  const [status, setStatus] = useState<'idle' | 'loading' | 'error'>('idle');
  // Answers of a dropdown that was closed (or reopened) since are dropped.
  const generation = useRef(0);
  const unseen = summary.data?.unseen ?? 0;

  const load = async (next: number) => {
    const mine = generation.current;
    setStatus('loading');
    try {
      const answer = await fetchNotifications(next, true);
      if (mine !== generation.current) return;
      setItems((previous) =>
        next === 1 ? answer.notifications : [...previous, ...answer.notifications],
      );
      setPage(answer.page);
      setTotalPage(answer.totalPage);
      setStatus('idle');
      queryClient.setQueryData<NotificationsResponse>(summaryKey, (old) =>
        old ? { ...old, unseen: answer.unseen } : old,
      );
    } catch {
      if (mine === generation.current) setStatus('error');
    }
  };

  const open = () => {
    generation.current += 1;
    setOpened(true);
    setItems([]);
    setPage(1);
    setTotalPage(0);
    void load(1);
  };
  const close = () => {
    generation.current += 1;
    setOpened(false);
    setItems([]);
    setPage(1);
    setStatus('idle');
    void queryClient.invalidateQueries({ queryKey: summaryKey });
  };

  return (
    <Indicator
      label={unseen > 99 ? '99+' : unseen}
      size={18}
      color="red.8"
      offset={6}
      disabled={unseen === 0}
      styles={{ indicator: { fontWeight: 700 } }}
    >
      <Popover
        opened={opened}
        onChange={(next) => {
          if (!next && opened) close();
        }}
        position="bottom-end"
        width={340}
        shadow="md"
        withinPortal
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray.8"
            size="lg"
            onClick={() => (opened ? close() : open())}
            aria-label={t('notifications.bellLabel', { count: unseen })}
            data-notification-bell
          >
            <IconBell size={22} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} aria-label={t('notifications.title')} role="dialog">
          <Group justify="space-between" px="md" py="xs">
            <Text fw={700}>{t('notifications.title')}</Text>
            <Button
              component={LocaleLink}
              to="/notifications"
              variant="subtle"
              size="compact-sm"
              onClick={close}
            >
              {t('notifications.seeAll')}
            </Button>
          </Group>
          <Divider />
          <ScrollArea.Autosize mah={360}>
            <Stack gap={0} p={4}>
              {items.map((notification) => (
                <NotificationItem
                  key={notification._id}
                  notification={notification}
                  onNavigate={close}
                />
              ))}
              {status === 'error' && (
                <Text c="red.8" size="sm" p="md" role="alert">
                  {t('notifications.loadError')}
                </Text>
              )}
              {status === 'idle' && items.length === 0 && (
                <Text c="gray.7" size="sm" p="md">
                  {t('notifications.empty')}
                </Text>
              )}
              {status === 'loading' && (
                <Group justify="center" p="sm">
                  <Loader size="sm" aria-label={t('notifications.loading')} />
                </Group>
              )}
              {status === 'idle' && totalPage > page && (
                <Button variant="light" m="xs" onClick={() => void load(page + 1)}>
                  {t('notifications.more')}
                </Button>
              )}
            </Stack>
          </ScrollArea.Autosize>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
