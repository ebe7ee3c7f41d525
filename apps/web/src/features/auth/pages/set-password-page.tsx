import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  PASSWORD_MIN_LENGTH,
  setPasswordRequestSchema,
  type SetPasswordRequest,
} from '@portal/contract';
import { ApiError } from '../../../shared/api/client';
import { applyServerError } from '../../../shared/forms/server-errors';
import { zodFieldErrors } from '../../../shared/forms/zod-errors';
import { useLocalizePath } from '../../../shared/locale/use-locale';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { PasswordField } from '../../../shared/ui/password-field';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useSecureKey, useSetPassword, type SecureKeyKind } from '../api/set-password';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../../../shared/ui/form-alert';

/** `/set-password?key=…&type=invitation|reset`: one screen for invitations and resets. */
export function SetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const kind: SecureKeyKind = params.get('type') === 'invitation' ? 'invitation' : 'reset';
  const check = useSecureKey(kind, key);
  const title =
    kind === 'invitation' ? t('setPassword.titleInvitation') : t('setPassword.titleReset');

  if (key && check.isPending) {
    return (
      <AuthCard title={title}>
        <PageLoader />
        <Text ta="center" c="dimmed" size="sm">
          {t('setPassword.checking')}
        </Text>
      </AuthCard>
    );
  }

  if (!key || check.isError || !check.data) {
    // The server says what became of a known key (used, replaced, expired), in the page's language.
    const reason =
      check.error instanceof ApiError && check.error.type === 'NOT_FOUND'
        ? check.error.message
        : t('setPassword.invalidReason');
    return (
      <AuthCard title={t('setPassword.invalidTitle')}>
        <Alert
          color="red"
          variant="light"
          icon={<IconLinkOff size={18} aria-hidden />}
          role="alert"
        >
          <Text size="sm" fw={600} c="#a61e1e">
            {reason}
          </Text>
          <Text size="sm" c="#a61e1e">
            {t('setPassword.invalidText')}
          </Text>
        </Alert>
        <Stack mt="lg" gap="xs">
          {kind === 'reset' && (
            <Anchor component={LocaleLink} to="/forgot-password" size="sm">
              {t('setPassword.requestNew')}
            </Anchor>
          )}
          <Anchor component={LocaleLink} to="/sign-in" size="sm">
            {t('forgotPassword.backToSignIn')}
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  const info = check.data;
  const subtitle =
    kind === 'invitation'
      ? info.company
        ? t('setPassword.textInvitation', {
            name: info.name ?? info.email,
            email: info.email,
            company: info.company,
          })
        : t('setPassword.textInvitationStaff', { name: info.name ?? info.email, email: info.email })
      : t('setPassword.textReset', { email: info.email });

  return (
    <AuthCard title={title} subtitle={subtitle}>
      <SetPasswordForm kind={kind} secureKey={key} />
    </AuthCard>
  );
}

function SetPasswordForm({ kind, secureKey }: { kind: SecureKeyKind; secureKey: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const setPassword = useSetPassword(kind, secureKey);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<SetPasswordRequest>({
    mode: 'uncontrolled',
    initialValues: { password: '', confirm_password: '' },
    validate: (values) => zodFieldErrors(setPasswordRequestSchema, values, t),
  });

  const submit = (values: SetPasswordRequest) => {
    setAlert(null);
    setPassword.mutate(values, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('setPassword.success') });
        void navigate(localize('/sign-in'), { replace: true });
      },
      onError: (error) =>
        setAlert(applyServerError(error, ['password', 'confirm_password'], form.setErrors)),
    });
  };

  return (
    <>
      <FormAlert message={alert} />
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <PasswordField
            label={t('setPassword.password')}
            description={t('signUp.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordField
            label={t('setPassword.confirm')}
            autoComplete="new-password"
            required
            key={form.key('confirm_password')}
            {...form.getInputProps('confirm_password')}
          />
          <Button type="submit" size="md" fullWidth loading={setPassword.isPending}>
            {t('setPassword.submit')}
          </Button>
        </Stack>
      </form>
    </>
  );
}
