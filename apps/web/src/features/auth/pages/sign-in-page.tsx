import { useState } from 'react';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SigninRequest } from '@portal/contract';
import { applyServerError } from '../../../shared/forms/server-errors';
import { useLocalizePath } from '../../../shared/locale/use-locale';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { PasswordField } from '../../../shared/ui/password-field';
import { useSignIn } from '../api/sign-in';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../../../shared/ui/form-alert';
import { useHydrated, useTypedBeforeHydration } from '../../../shared/forms/typed-before-hydration';
import { toSignInRequest, validateSignIn } from '../sign-in-validation';
import { homePathOf } from '../../../shared/auth/home';

const FIELDS = ['email', 'password'] as const;

export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const signIn = useSignIn();
  const [alert, setAlert] = useState<string | null>(null);

  const form = useForm<SigninRequest>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: (values) => validateSignIn(values, t),
  });
  useTypedBeforeHydration(form, FIELDS);
  const hydrated = useHydrated();

  const submit = (values: SigninRequest) => {
    setAlert(null);
    signIn.mutate(toSignInRequest(values), {
      onSuccess: (user) => void navigate(localize(homePathOf(user.role)), { replace: true }),
      onError: (error) => setAlert(applyServerError(error, FIELDS, form.setErrors)),
    });
  };

  return (
    <AuthCard title={t('signIn.title')} subtitle={t('signIn.subtitle')}>
      <FormAlert message={alert} />
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="username"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordField
            label={t('fields.password')}
            autoComplete="current-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={LocaleLink} to="/forgot-password" size="sm">
              {t('signIn.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={signIn.isPending} disabled={!hydrated}>
            {t('signIn.submit')}
          </Button>
        </Stack>
      </form>
      <Text ta="center" size="sm" mt="lg">
        {t('signIn.noAccount')}{' '}
        <Anchor component={LocaleLink} to="/sign-up" fw={600}>
          {t('signIn.signUpLink')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
