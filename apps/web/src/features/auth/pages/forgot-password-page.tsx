import { useState } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { resetPasswordRequestSchema, type ResetPasswordRequest } from '@portal/contract';
import { applyServerError } from '../../../shared/forms/server-errors';
import { zodFieldErrors } from '../../../shared/forms/zod-errors';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { useRequestPasswordReset } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../../../shared/ui/form-alert';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<ResetPasswordRequest>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: (values) => zodFieldErrors(resetPasswordRequestSchema, values, t),
  });

  const submit = (values: ResetPasswordRequest) => {
    setAlert(null);
    request.mutate(resetPasswordRequestSchema.parse(values), {
      onError: (error) => setAlert(applyServerError(error, ['email'], form.setErrors)),
    });
  };

  return (
    <AuthCard title={t('forgotPassword.title')} subtitle={t('forgotPassword.text')}>
      {request.data ? (
        <Alert
          color="teal"
          variant="light"
          icon={<IconMailCheck size={18} aria-hidden />}
          role="status"
          styles={{ message: { color: '#0b5345' } }}
        >
          {request.data.message}
        </Alert>
      ) : (
        <>
          <FormAlert message={alert} />
          <form onSubmit={form.onSubmit(submit)} noValidate>
            <Stack gap="md">
              <TextInput
                label={t('fields.email')}
                type="email"
                autoComplete="email"
                required
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
              <Button type="submit" size="md" fullWidth loading={request.isPending}>
                {t('forgotPassword.submit')}
              </Button>
            </Stack>
          </form>
        </>
      )}
      <Anchor component={LocaleLink} to="/sign-in" size="sm" mt="lg" display="inline-block">
        {t('forgotPassword.backToSignIn')}
      </Anchor>
    </AuthCard>
  );
}
