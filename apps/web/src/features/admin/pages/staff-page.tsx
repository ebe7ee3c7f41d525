import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconUserOff, IconUserPlus, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  STAFF_ROLES,
  staffInviteSchema,
  type StaffInvite,
  type StaffMember,
  type StaffRole,
} from '@portal/contract';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';
import { ApiError } from '../../../shared/api/client';
import { useMe } from '../../../shared/auth/me';
import { applyServerError } from '../../../shared/forms/server-errors';
import { zodFieldErrors } from '../../../shared/forms/zod-errors';
import { formatDateTime } from '../../../shared/format/date';
import { useLocale } from '../../../shared/locale/use-locale';
import { FormAlert } from '../../../shared/ui/form-alert';
import { PageLoader } from '../../../shared/ui/page-loader';
import { ResponsiveTable } from '../../../shared/ui/responsive-table';
import { useStaffChange, useStaffMembers } from '../api/staff';
import { MemberStatusBadge } from '../components/company-status-badge';

/** Back office (admins): the shop's staff; invite, change a role, deactivate. */
export function StaffPage() {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const me = useMe().data;
  const staff = useStaffMembers();
  const change = useStaffChange();
  const [inviting, setInviting] = useState(false);

  const update = (
    member: StaffMember,
    update: { role?: StaffRole; status?: 'active' | 'inactive' },
    done: string,
  ) =>
    change.mutate(
      { kind: 'update', id: member._id, update },
      {
        onSuccess: () =>
          notifications.show({ color: 'teal', message: t(done, { name: member.full_name }) }),
        onError: (error) => {
          if (error instanceof ApiError && !error.isServerFailure) {
            notifications.show({ color: 'red', message: error.message });
          }
        },
      },
    );

  const confirmStatus = (member: StaffMember, status: 'active' | 'inactive') =>
    modals.openConfirmModal({
      title: t(status === 'inactive' ? 'staff:team.deactivate' : 'staff:team.reactivate'),
      children: (
        <Text size="sm">
          {t(
            status === 'inactive' ? 'staff:team.confirmDeactivate' : 'staff:team.confirmReactivate',
            {
              name: member.full_name,
            },
          )}
        </Text>
      ),
      labels: {
        confirm: t(status === 'inactive' ? 'staff:team.deactivate' : 'staff:team.reactivate'),
        cancel: t('common.cancel'),
      },
      confirmProps: status === 'inactive' ? { color: 'red.9' } : {},
      cancelProps: { variant: 'default' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () =>
        update(
          member,
          { status },
          status === 'inactive' ? 'staff:team.deactivated' : 'staff:team.reactivated',
        ),
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2" c="brand.9">
            {t('staff:team.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('staff:team.subtitle')}
          </Text>
        </div>
        <Button
          leftSection={<IconUserPlus size={18} aria-hidden />}
          onClick={() => setInviting(true)}
        >
          {t('staff:team.invite')}
        </Button>
      </Group>
      {staff.isError && (
        <Alert color="red" role="alert">
          {staff.error.message}
        </Alert>
      )}
      {staff.isPending && <PageLoader />}
      {staff.data && (
        <Card withBorder radius="md" padding={0}>
          <ResponsiveTable minWidth={760} verticalSpacing="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('staff:order.name')}</Table.Th>
                <Table.Th>{t('staff:customers.role')}</Table.Th>
                <Table.Th>{t('orders.status')}</Table.Th>
                <Table.Th>{t('staff:customers.lastSignIn')}</Table.Th>
                <Table.Th>{t('staff:audit.action')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {staff.data.items.map((member) => {
                const self = member._id === me?._id;
                return (
                  <Table.Tr key={member._id} data-staff-row>
                    <Table.Td>
                      <Text size="sm">{member.full_name}</Text>
                      <Text size="xs" c="gray.7">
                        {member.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={t('staff:team.roleOf', { name: member.full_name })}
                        value={member.role}
                        data={STAFF_ROLES.map((role) => ({
                          value: role,
                          label: t(`roles.${role}`),
                        }))}
                        allowDeselect={false}
                        disabled={self || change.isPending}
                        onChange={(role) => {
                          if (role && role !== member.role) {
                            update(member, { role: role as StaffRole }, 'staff:team.roleChanged');
                          }
                        }}
                        w="100%"
                        maw={170}
                      />
                    </Table.Td>
                    <Table.Td>
                      <MemberStatusBadge status={member.status} />
                    </Table.Td>
                    <Table.Td>
                      {member.last_sign_in_at
                        ? formatDateTime(member.last_sign_in_at, locale)
                        : t('staff:customers.never')}
                    </Table.Td>
                    <Table.Td>
                      {!self && member.status === 'active' && (
                        <Button
                          size="xs"
                          variant="outline"
                          color="red.9"
                          leftSection={<IconUserOff size={14} aria-hidden />}
                          aria-label={t('staff:team.deactivateName', { name: member.full_name })}
                          onClick={() => confirmStatus(member, 'inactive')}
                        >
                          {t('staff:team.deactivate')}
                        </Button>
                      )}
                      {member.status === 'inactive' && (
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconUserCheck size={14} aria-hidden />}
                          aria-label={t('staff:team.reactivateName', { name: member.full_name })}
                          onClick={() => confirmStatus(member, 'active')}
                        >
                          {t('staff:team.reactivate')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </ResponsiveTable>
        </Card>
      )}
      <InviteDialog opened={inviting} onClose={() => setInviting(false)} />
    </Stack>
  );
}

const INVITE_FIELDS = ['first_name', 'last_name', 'email', 'role'] as const;

function InviteDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const change = useStaffChange();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<StaffInvite>({
    mode: 'uncontrolled',
    initialValues: { first_name: '', last_name: '', email: '', role: 'operator' },
    validate: (values) => zodFieldErrors(staffInviteSchema, values, t),
  });
  const close = () => {
    form.reset();
    setAlert(null);
    onClose();
  };
  const submit = (invite: StaffInvite) => {
    setAlert(null);
    change.mutate(
      { kind: 'invite', invite },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            message: t('staff:team.invited', { email: invite.email }),
          });
          close();
        },
        onError: (error) => setAlert(applyServerError(error, INVITE_FIELDS, form.setErrors)),
      },
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('staff:team.invite')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <FormAlert message={alert} />
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('staff:team.inviteText')}</Text>
          <Group grow>
            <TextInput
              label={t('fields.first_name')}
              required
              data-autofocus
              key={form.key('first_name')}
              {...form.getInputProps('first_name')}
            />
            <TextInput
              label={t('fields.last_name')}
              required
              key={form.key('last_name')}
              {...form.getInputProps('last_name')}
            />
          </Group>
          <TextInput
            type="email"
            label={t('fields.email')}
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Select
            label={t('staff:customers.role')}
            data={STAFF_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            allowDeselect={false}
            description={t('staff:team.roleHint')}
            key={form.key('role')}
            {...form.getInputProps('role')}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {t('staff:team.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
