import { useMemo, useState } from 'react';
import {
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, signupRequestSchema, type SignupRequest } from '@portal/contract';
import { countryOptions } from '../../../shared/format/country';
import { applyServerError } from '../../../shared/forms/server-errors';
import { zodFieldErrors } from '../../../shared/forms/zod-errors';
import { useLocale } from '../../../shared/locale/use-locale';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { PasswordField } from '../../../shared/ui/password-field';
import { useSignUp } from '../api/sign-up';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../../../shared/ui/form-alert';

interface SignUpValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  confirm_password: string;
  company_name: string;
  company_register_number: string;
  vat_number: string;
  country: string;
  city: string;
  postcode: string;
  street: string;
  house_number: string;
  accept_terms: boolean;
}

const INITIAL_VALUES: SignUpValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  password: '',
  confirm_password: '',
  company_name: '',
  company_register_number: '',
  vat_number: '',
  country: '',
  city: '',
  postcode: '',
  street: '',
  house_number: '',
  accept_terms: false,
};

const FIELDS = Object.keys(INITIAL_VALUES);

const LEGEND_STYLES = {
  legend: {
    width: '100%',
    marginBottom: 12,
    paddingBottom: 6,
    borderBottom: '1px solid var(--mantine-color-gray-3)',
    fontWeight: 700,
    color: 'var(--mantine-color-brand-9)',
  },
};

function toRequest(values: SignUpValues): SignupRequest {
  const request = signupRequestSchema.parse(values);
  return request.phone ? request : { ...request, phone: undefined };
}

export function SignUpPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const signUp = useSignUp();
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const countries = useMemo(() => countryOptions(locale), [locale]);

  const form = useForm<SignUpValues>({
    initialValues: INITIAL_VALUES,
    validate: (values) => zodFieldErrors(signupRequestSchema, values, t),
    validateInputOnBlur: true,
  });

  const submit = (values: SignUpValues) => {
    setAlert(null);
    signUp.mutate(toRequest(values), {
      onSuccess: () => {
        setDone(true);
        window.scrollTo({ top: 0 });
      },
      onError: (error) => {
        setAlert(applyServerError(error, FIELDS, form.setErrors));
        window.scrollTo({ top: 0, behavior: 'smooth' });
      },
    });
  };

  if (done) {
    return (
      <AuthCard title={t('signUp.successTitle')} width={560}>
        <Stack align="center" gap="md" role="status">
          <IconCircleCheck size={56} color="var(--mantine-color-teal-8)" aria-hidden />
          <Text ta="center">{t('signUp.successText')}</Text>
          <Button component={LocaleLink} to="/sign-in" variant="light">
            {t('forgotPassword.backToSignIn')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const field = (name: keyof SignUpValues) => form.getInputProps(name);

  return (
    <AuthCard title={t('signUp.title')} subtitle={t('signUp.subtitle')} width={760}>
      <FormAlert message={alert} />
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="lg">
          <Fieldset legend={t('signUp.personal')} variant="unstyled" styles={LEGEND_STYLES}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('fields.first_name')}
                autoComplete="given-name"
                required
                {...field('first_name')}
              />
              <TextInput
                label={t('fields.last_name')}
                autoComplete="family-name"
                required
                {...field('last_name')}
              />
              <TextInput
                label={t('fields.email')}
                type="email"
                autoComplete="email"
                required
                {...field('email')}
              />
              <TextInput
                label={t('fields.phone')}
                type="tel"
                autoComplete="tel"
                {...field('phone')}
              />
              <PasswordField
                label={t('fields.password')}
                description={t('signUp.passwordHint', { min: PASSWORD_MIN_LENGTH })}
                autoComplete="new-password"
                required
                {...field('password')}
              />
              <PasswordField
                label={t('fields.confirm_password')}
                autoComplete="new-password"
                required
                {...field('confirm_password')}
              />
            </SimpleGrid>
          </Fieldset>

          <Fieldset legend={t('signUp.company')} variant="unstyled" styles={LEGEND_STYLES}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('fields.company_name')}
                autoComplete="organization"
                required
                {...field('company_name')}
              />
              <TextInput
                label={t('fields.company_register_number')}
                required
                {...field('company_register_number')}
              />
              <TextInput label={t('fields.vat_number')} required {...field('vat_number')} />
            </SimpleGrid>
          </Fieldset>

          <Fieldset legend={t('signUp.address')} variant="unstyled" styles={LEGEND_STYLES}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('fields.street')}
                autoComplete="address-line1"
                required
                {...field('street')}
              />
              <TextInput label={t('fields.house_number')} required {...field('house_number')} />
              <TextInput
                label={t('fields.postcode')}
                autoComplete="postal-code"
                required
                {...field('postcode')}
              />
              <TextInput
                label={t('fields.city')}
                autoComplete="address-level2"
                required
                {...field('city')}
              />
              <NativeSelect
                label={t('fields.country')}
                required
                data={[{ value: '', label: t('signUp.countryPlaceholder') }, ...countries]}
                {...field('country')}
              />
            </SimpleGrid>
          </Fieldset>

          <Checkbox
            label={
              <Trans
                i18nKey="signUp.acceptTerms"
                components={{
                  terms: (
                    <Anchor
                      component={LocaleLink}
                      to="/pages/terms-conditions"
                      target="_blank"
                      fz="inherit"
                      underline="always"
                    />
                  ),
                }}
              />
            }
            {...form.getInputProps('accept_terms', { type: 'checkbox' })}
          />

          <Button type="submit" size="md" loading={signUp.isPending}>
            {t('signUp.submit')}
          </Button>
        </Stack>
      </form>
      <Text ta="center" size="sm" mt="lg">
        {t('signUp.haveAccount')}{' '}
        <Anchor component={LocaleLink} to="/sign-in" fw={600}>
          {t('signUp.signInLink')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
