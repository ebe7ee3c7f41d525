import { ActionIcon, Group, Text } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconChevronsLeft,
  IconChevronsRight,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface PagerProps {
  page: number;
  totalPage: number;
  onChange: (page: number) => void;
}

/** Pagination as SPEC describes it: first, previous, next, last and 'Showing page X of Y'. */
export function Pager({ page, totalPage, onChange }: PagerProps) {
  const { t } = useTranslation();
  const last = Math.max(totalPage, 1);
  const buttons = [
    { key: 'first', label: t('pagination.first'), Icon: IconChevronsLeft, to: 1, off: page <= 1 },
    {
      key: 'previous',
      label: t('pagination.previous'),
      Icon: IconChevronLeft,
      to: page - 1,
      off: page <= 1,
    },
    {
      key: 'next',
      label: t('pagination.next'),
      Icon: IconChevronRight,
      to: page + 1,
      off: page >= last,
    },
    {
      key: 'last',
      label: t('pagination.last'),
      Icon: IconChevronsRight,
      to: last,
      off: page >= last,
    },
  ];
  return (
    <Group component="nav" aria-label={t('pagination.label')} justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('pagination.showing', { page: Math.min(page, last), total: last })}
      </Text>
      <Group gap={6}>
        {buttons.map(({ key, label, Icon, to, off }) => (
          <ActionIcon
            key={key}
            variant="default"
            size="lg"
            aria-label={label}
            disabled={off}
            onClick={() => onChange(to)}
          >
            <Icon size={18} aria-hidden />
          </ActionIcon>
        ))}
      </Group>
    </Group>
  );
}
