import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconMailForward, IconPencil, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Member, UserStatus } from '@portal/contract';
import { ApiError } from '../../../shared/api/client';
import { useMe } from '../../../shared/auth/me';
import { formatDate } from '../../../shared/format/date';
import { useLocale } from '../../../shared/locale/use-locale';
import { PageLoader } from '../../../shared/ui/page-loader';
import { Pager } from '../../../shared/ui/pager';
import { useDeleteMember, useInviteMember, useMembers } from '../api/members';
import { MemberFormModal } from '../components/member-form-modal';
import { ResponsiveTable } from '../../../shared/ui/responsive-table';

/** Filled badges with dark shades: white text keeps its contrast on each. */
const STATUS_COLORS: Record<UserStatus, string> = {
  active: 'teal.9',
  pending: 'blue.9',
  inactive: 'gray.7',
  blocked: 'red.9',
  deleted: 'gray.7',
};

type Dialog = { kind: 'invite' } | { kind: 'edit'; member: Member } | null;

/** 'User Access Control': the company's members, for owners (SPEC sections 2 and 6). */
export function UserAccessControlPage() {
  const { t } = useTranslation();
  const { data: user } = useMe();
  const companyId = user?.company?._id ?? '';
  const [page, setPage] = useState(1);
  const members = useMembers(companyId, page);
  const [dialog, setDialog] = useState<Dialog>(null);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2" c="brand.9">
            {t('members.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('members.subtitle')}
          </Text>
        </div>
        <Button
          leftSection={<IconUserPlus size={16} aria-hidden />}
          onClick={() => setDialog({ kind: 'invite' })}
        >
          {t('members.invite')}
        </Button>
      </Group>

      {members.isPending && <PageLoader />}
      {members.isError && (
        <Alert color="red" variant="light" role="alert">
          <Text size="sm" c="#a61e1e">
            {t('members.loadError')}
          </Text>
        </Alert>
      )}
      {members.data && user && (
        <Card withBorder padding={0} radius="md">
          <ResponsiveTable minWidth={720} verticalSpacing="sm" horizontalSpacing="md" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('members.name')}</Table.Th>
                <Table.Th>{t('members.role')}</Table.Th>
                <Table.Th>{t('members.statusLabel')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('members.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.data.items.map((member) => (
                <MemberRow
                  key={member.id}
                  companyId={companyId}
                  member={member}
                  isSelf={member.id === user.id}
                  onEdit={() => setDialog({ kind: 'edit', member })}
                />
              ))}
            </Table.Tbody>
          </ResponsiveTable>
          <div style={{ padding: 'var(--mantine-spacing-md)' }}>
            <Pager page={members.data.page} totalPage={members.data.totalPage} onChange={setPage} />
          </div>
        </Card>
      )}
      {dialog && (
        <MemberFormModal
          key={dialog.kind === 'edit' ? dialog.member.id : 'invite'}
          companyId={companyId}
          member={dialog.kind === 'edit' ? dialog.member : null}
          isSelf={dialog.kind === 'edit' && dialog.member.id === user?.id}
          opened
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}

function MemberRow({
  companyId,
  member,
  isSelf,
  onEdit,
}: {
  companyId: string;
  member: Member;
  isSelf: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const remove = useDeleteMember();
  const reinvite = useInviteMember(companyId);
  const invited = member.status === 'pending';

  const showError = (error: unknown) => {
    if (error instanceof ApiError && !error.isServerFailure) {
      notifications.show({ color: 'red', message: error.message });
    }
  };

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('members.deleteTitle'),
      children: <Text size="sm">{t('members.deleteText', { name: member.full_name })}</Text>,
      labels: { confirm: t('members.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red.9' },
      cancelProps: { variant: 'default' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () =>
        remove.mutate(member.id, {
          onSuccess: ({ message }) => notifications.show({ color: 'teal', message }),
          onError: showError,
        }),
    });

  const sendAgain = () =>
    reinvite.mutate(
      {
        first_name: member.first_name,
        last_name: member.last_name,
        email: member.email,
        role: member.role,
      },
      {
        onSuccess: ({ message }) => notifications.show({ color: 'teal', message }),
        onError: showError,
      },
    );

  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600}>
          {member.full_name}
          {isSelf && (
            <Text span size="xs" c="dimmed" fw={400}>
              {' '}
              ({t('members.you')})
            </Text>
          )}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {member.email}
        </Text>
      </Table.Td>
      <Table.Td>{t(`roles.${member.role}`)}</Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLORS[member.status]} variant="filled">
          {t(`members.status.${member.status}`)}
        </Badge>
        {invited && (
          <Text size="xs" c="dimmed" mt={4}>
            {member.invitation_expires_at
              ? t('members.invitationExpires', {
                  date: formatDate(member.invitation_expires_at, locale),
                })
              : t('members.invitationExpired')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap" justify="flex-end">
          {invited && (
            <Tooltip label={t('members.resend')}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('members.resendLabel', { name: member.full_name })}
                loading={reinvite.isPending}
                onClick={sendAgain}
              >
                <IconMailForward size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={t('members.edit')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('members.editLabel', { name: member.full_name })}
              onClick={onEdit}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {!isSelf && (
            <Tooltip label={t('members.delete')}>
              <ActionIcon
                variant="default"
                color="red.9"
                size="lg"
                aria-label={t('members.deleteLabel', { name: member.full_name })}
                loading={remove.isPending}
                onClick={confirmDelete}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
