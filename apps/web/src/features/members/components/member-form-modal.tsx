import { useState } from 'react';
import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import {
  MEMBER_EDITABLE_STATUSES,
  ROLES,
  inviteMemberSchema,
  memberUpdateSchema,
  type Member,
  type Role,
} from '@portal/contract';
import { applyServerError } from '../../../shared/forms/server-errors';
import { zodFieldErrors } from '../../../shared/forms/zod-errors';
import { FormAlert } from '../../../shared/ui/form-alert';
import { useInviteMember, useUpdateMember } from '../api/members';

interface MemberValues {
  first_name: string;
  last_name: string;
  email: string;
  role: Role | '';
  status: string;
}

const FIELDS = ['first_name', 'last_name', 'email', 'role', 'status'];

interface MemberFormModalProps {
  companyId: string;
  /** The member to edit; none: invite a new one. */
  member: Member | null;
  /** The signed-in owner edits themselves: role and status stay as they are. */
  isSelf: boolean;
  opened: boolean;
  onClose: () => void;
}

/** Invite a member (names, email, role) or edit one (also status), as SPEC section 3 lists. */
export function MemberFormModal({
  companyId,
  member,
  isSelf,
  opened,
  onClose,
}: MemberFormModalProps) {
  const { t } = useTranslation();
  const invite = useInviteMember(companyId);
  const update = useUpdateMember();
  const [alert, setAlert] = useState<string | null>(null);
  const editing = member !== null;
  const schema = editing ? memberUpdateSchema : inviteMemberSchema;
  const form = useForm<MemberValues>({
    initialValues: {
      first_name: member?.first_name ?? '',
      last_name: member?.last_name ?? '',
      email: member?.email ?? '',
      role: member?.role ?? '',
      status: member?.status ?? 'pending',
    },
    validateInputOnBlur: true,
    validate: (values) => zodFieldErrors(schema, editing ? values : withoutStatus(values), t),
  });

  const done = (message: string) => {
    notifications.show({ color: 'teal', message });
    onClose();
  };
  const failed = (error: unknown) => setAlert(applyServerError(error, FIELDS, form.setErrors));

  const submit = (values: MemberValues) => {
    setAlert(null);
    if (member) {
      update.mutate(
        { id: member.id, body: memberUpdateSchema.parse(values) },
        { onSuccess: ({ message }) => done(message), onError: failed },
      );
    } else {
      invite.mutate(inviteMemberSchema.parse(withoutStatus(values)), {
        onSuccess: ({ message }) => done(message),
        onError: failed,
      });
    }
  };

  const roles = ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }));
  const statuses = MEMBER_EDITABLE_STATUSES.map((status) => ({
    value: status,
    label: t(`members.status.${status}`),
  }));

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? t('members.editTitle') : t('members.inviteTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size="lg"
    >
      <FormAlert message={alert} />
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('fields.first_name')}
              required
              {...form.getInputProps('first_name')}
            />
            <TextInput
              label={t('fields.last_name')}
              required
              {...form.getInputProps('last_name')}
            />
          </SimpleGrid>
          <TextInput
            label={t('fields.email')}
            type="email"
            required
            description={editing ? undefined : t('members.inviteHint')}
            {...form.getInputProps('email')}
          />
          <SimpleGrid cols={{ base: 1, sm: editing ? 2 : 1 }} spacing="md">
            <NativeSelect
              label={t('members.role')}
              required
              disabled={isSelf}
              data={[{ value: '', label: t('members.chooseRole') }, ...roles]}
              {...form.getInputProps('role')}
            />
            {editing && (
              <NativeSelect
                label={t('members.statusLabel')}
                required
                disabled={isSelf}
                data={statuses}
                {...form.getInputProps('status')}
              />
            )}
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending || update.isPending}>
              {editing ? t('common.save') : t('members.sendInvitation')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function withoutStatus({ status: _status, ...values }: MemberValues) {
  return values;
}
