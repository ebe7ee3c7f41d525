import { useState } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import {
  PASSWORD_MIN_LENGTH,
  changePasswordSchema,
  profileUpdateSchema,
  type ChangePassword,
  type Me,
} from '@portal/contract';
import { useMe } from '../../../shared/auth/me';
import { applyServerError } from '../../../shared/forms/server-errors';
import { zodFieldErrors } from '../../../shared/forms/zod-errors';
import { PasswordField } from '../../../shared/ui/password-field';
import { FormAlert } from '../../../shared/ui/form-alert';
import { useChangePassword, useUpdateProfile } from '../api/profile';

interface ProfileValues {
  first_name: string;
  last_name: string;
  email: string;
  current_password: string;
}

const PROFILE_FIELDS = ['first_name', 'last_name', 'email', 'current_password'];
const PASSWORD_FIELDS = ['current_password', 'password', 'confirm_password'];

/** 'Personal Profile': names and email, and the password change (SPEC sections 2 and 5). */
export function ProfilePage() {
  const { t } = useTranslation();
  const { data: user } = useMe();
  if (!user) return null;
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1} size="h2" c="brand.9">
        {t('profile.title')}
      </Title>
      <ProfileForm user={user} />
      <PasswordForm />
    </Stack>
  );
}

function ProfileForm({ user }: { user: Me }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const [alert, setAlert] = useState<string | null>(null);
  const emailChanged = (values: ProfileValues) =>
    values.email.trim().toLowerCase() !== user.email.toLowerCase();
  const toRequest = (values: ProfileValues) => ({
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    ...(emailChanged(values) ? { current_password: values.current_password } : {}),
  });
  const form = useForm<ProfileValues>({
    initialValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      current_password: '',
    },
    validateInputOnBlur: true,
    validate: (values) => {
      const body = toRequest(values);
      const errors = zodFieldErrors(profileUpdateSchema, body, t);
      if (emailChanged(values) && !values.current_password && !errors.current_password) {
        errors.current_password = t('validation.current_password_required');
      }
      return errors;
    },
  });

  const submit = (values: ProfileValues) => {
    setAlert(null);
    update.mutate(profileUpdateSchema.parse(toRequest(values)), {
      onSuccess: ({ message, user: saved }) => {
        notifications.show({ color: 'teal', message });
        form.setValues({ email: saved.email, current_password: '' });
        form.resetDirty();
      },
      onError: (error) => setAlert(applyServerError(error, PROFILE_FIELDS, form.setErrors)),
    });
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="xs">
        {t('profile.details')}
      </Title>
      <FormAlert message={alert} />
      <form onSubmit={form.onSubmit(submit)} noValidate aria-label={t('profile.details')}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('fields.first_name')}
              autoComplete="given-name"
              required
              {...form.getInputProps('first_name')}
            />
            <TextInput
              label={t('fields.last_name')}
              autoComplete="family-name"
              required
              {...form.getInputProps('last_name')}
            />
          </SimpleGrid>
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          {emailChanged(form.values) && (
            <PasswordField
              label={t('profile.currentPassword')}
              description={t('profile.emailNeedsPassword')}
              autoComplete="current-password"
              required
              {...form.getInputProps('current_password')}
            />
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<ChangePassword>({
    initialValues: { current_password: '', password: '', confirm_password: '' },
    validate: (values) => zodFieldErrors(changePasswordSchema, values, t),
  });

  const submit = (values: ChangePassword) => {
    setAlert(null);
    change.mutate(values, {
      onSuccess: ({ message }) => {
        notifications.show({ color: 'teal', message });
        form.reset();
      },
      onError: (error) => setAlert(applyServerError(error, PASSWORD_FIELDS, form.setErrors)),
    });
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb={4}>
        {t('profile.changePassword')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('profile.changePasswordText')}
      </Text>
      <FormAlert message={alert} />
      <form onSubmit={form.onSubmit(submit)} noValidate aria-label={t('profile.changePassword')}>
        <Stack gap="md">
          <PasswordField
            label={t('profile.currentPassword')}
            autoComplete="current-password"
            required
            {...form.getInputProps('current_password')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PasswordField
              label={t('profile.newPassword')}
              description={t('signUp.passwordHint', { min: PASSWORD_MIN_LENGTH })}
              autoComplete="new-password"
              required
              {...form.getInputProps('password')}
            />
            <PasswordField
              label={t('profile.confirmNewPassword')}
              autoComplete="new-password"
              required
              {...form.getInputProps('confirm_password')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              {t('profile.changePasswordSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
