import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  can,
  companyProfileUpdateSchema,
  INVOICE_FORMATS,
  type CompanyProfile,
  type CompanyProfileUpdate,
} from '@portal/contract';
import { useMe } from '../../../shared/auth/me';
import { countryOptions } from '../../../shared/format/country';
import { applyServerError } from '../../../shared/forms/server-errors';
import { zodFieldErrors } from '../../../shared/forms/zod-errors';
import { useLocale } from '../../../shared/locale/use-locale';
import { PageLoader } from '../../../shared/ui/page-loader';
import { FormAlert } from '../../../shared/ui/form-alert';
import { useCompany, useUpdateCompany } from '../api/company';

type CompanyValues = Record<keyof CompanyProfileUpdate, string>;
const FIELDS: (keyof CompanyProfileUpdate)[] = [
  'company',
  'company_register_number',
  'vat_number',
  'country',
  'city',
  'postcode',
  'street',
  'house_number',
  'registered_day',
  'invoice_format',
];

const valuesOf = (company: CompanyProfile): CompanyValues => ({
  company: company.company,
  company_register_number: company.company_register_number,
  vat_number: company.vat_number,
  country: company.country,
  city: company.city,
  postcode: company.postcode,
  street: company.street,
  house_number: company.house_number,
  registered_day: company.registered_day,
  invoice_format: company.invoice_format,
});

/** 'Company Details': owners edit, other members read (SPEC sections 2, 3 and 6). */
export function CompanyDetailsPage() {
  const { t } = useTranslation();
  const { data: user } = useMe();
  const companyId = user?.company?._id ?? '';
  const company = useCompany(companyId);

  return (
    <Stack gap="lg" maw={860}>
      <Title order={1} size="h2" c="brand.9">
        {t('company.title')}
      </Title>
      {company.isPending && <PageLoader />}
      {company.isError && (
        <Alert color="red" variant="light" role="alert">
          <Text size="sm" c="#a61e1e">
            {t('company.loadError')}
          </Text>
        </Alert>
      )}
      {company.data && user && (
        <CompanyForm
          key={company.data._id}
          company={company.data}
          editable={can(user.role, 'company.edit')}
        />
      )}
    </Stack>
  );
}

function CompanyForm({ company, editable }: { company: CompanyProfile; editable: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const update = useUpdateCompany(company._id);
  const [alert, setAlert] = useState<string | null>(null);
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const formats = INVOICE_FORMATS.map((format) => ({
    value: format,
    label: t(`company.invoiceFormat.${format}`),
  }));
  const form = useForm<CompanyValues>({
    initialValues: valuesOf(company),
    validateInputOnBlur: true,
    validate: (values) => zodFieldErrors(companyProfileUpdateSchema, values, t),
  });

  const submit = (values: CompanyValues) => {
    setAlert(null);
    update.mutate(companyProfileUpdateSchema.parse(values), {
      onSuccess: ({ message, company: saved }) => {
        notifications.show({ color: 'teal', message });
        form.setValues(valuesOf(saved));
        form.resetDirty(valuesOf(saved));
      },
      onError: (error) => setAlert(applyServerError(error, FIELDS, form.setErrors)),
    });
  };

  const field = (name: keyof CompanyValues) => ({
    ...form.getInputProps(name),
    readOnly: !editable,
    required: editable,
  });

  return (
    <Card withBorder radius="md" padding="lg">
      {!editable && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />} mb="md">
          <Text size="sm">{t('company.readOnly')}</Text>
        </Alert>
      )}
      <FormAlert message={alert} />
      <form onSubmit={form.onSubmit(submit)} noValidate aria-label={t('company.title')}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('fields.company_name')}
              autoComplete="organization"
              {...field('company')}
            />
            <TextInput
              label={t('fields.company_register_number')}
              {...field('company_register_number')}
            />
            <TextInput
              label={t('fields.vat_number')}
              description={editable ? t('company.vatHint') : undefined}
              {...field('vat_number')}
            />
            <TextInput
              label={t('company.registeredDay')}
              type="date"
              {...field('registered_day')}
            />
            <TextInput
              label={t('fields.street')}
              autoComplete="address-line1"
              {...field('street')}
            />
            <TextInput label={t('fields.house_number')} {...field('house_number')} />
            <TextInput
              label={t('fields.postcode')}
              autoComplete="postal-code"
              {...field('postcode')}
            />
            <TextInput label={t('fields.city')} autoComplete="address-level2" {...field('city')} />
            {editable ? (
              <NativeSelect label={t('fields.country')} data={countries} {...field('country')} />
            ) : (
              <TextInput
                label={t('fields.country')}
                readOnly
                value={countries.find((c) => c.value === form.values.country)?.label ?? ''}
              />
            )}
          </SimpleGrid>
          {editable ? (
            <NativeSelect
              label={t('company.invoiceFormat.label')}
              description={t('company.invoiceFormat.hint')}
              data={formats}
              {...field('invoice_format')}
            />
          ) : (
            <TextInput
              label={t('company.invoiceFormat.label')}
              readOnly
              value={formats.find((f) => f.value === form.values.invoice_format)?.label ?? ''}
            />
          )}
          {editable && (
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}
