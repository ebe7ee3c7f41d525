import { useMemo, useState } from 'react';
import {
  Button,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import {
  staffCompanyUpdateSchema,
  type StaffCompany,
  type StaffCompanyUpdate,
} from '@portal/contract';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';
import { applyServerError } from '../../../shared/forms/server-errors';
import { zodFieldErrors } from '../../../shared/forms/zod-errors';
import { countryOptions } from '../../../shared/format/country';
import { useLocale } from '../../../shared/locale/use-locale';
import { FormAlert } from '../../../shared/ui/form-alert';
import { useCustomerAction } from '../api/customers';

const FIELDS = [
  'name',
  'company_register_number',
  'vat_number',
  'country',
  'city',
  'postcode',
  'street',
  'house_number',
] as const;

/** Staff correct a company's details; a new VAT number is checked with VIES by the API. */
export function CompanyEditDialog({
  company,
  onClose,
}: {
  company: StaffCompany;
  onClose: () => void;
}) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const action = useCustomerAction(company._id);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<StaffCompanyUpdate>({
    mode: 'uncontrolled',
    initialValues: {
      name: company.name,
      company_register_number: company.company_register_number,
      vat_number: company.vat_number,
      country: company.country,
      city: company.city,
      postcode: company.postcode,
      street: company.street,
      house_number: company.house_number,
    },
    validate: (values) => zodFieldErrors(staffCompanyUpdateSchema, values, t),
  });
  const field = (name: (typeof FIELDS)[number]) => ({
    key: form.key(name),
    ...form.getInputProps(name),
  });
  const submit = (details: StaffCompanyUpdate) => {
    setAlert(null);
    action.mutate(
      { kind: 'update', details },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            message: t('staff:customers.saved', { company: details.name }),
          });
          onClose();
        },
        onError: (error) => setAlert(applyServerError(error, FIELDS, form.setErrors)),
      },
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t('staff:customers.editTitle', { name: company.name })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <FormAlert message={alert} />
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('staff:customers.editText')}</Text>
          <TextInput label={t('fields.company_name')} required data-autofocus {...field('name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('fields.company_register_number')}
              required
              {...field('company_register_number')}
            />
            <TextInput label={t('fields.vat_number')} required {...field('vat_number')} />
            <TextInput label={t('fields.street')} required {...field('street')} />
            <TextInput label={t('fields.house_number')} required {...field('house_number')} />
            <TextInput label={t('fields.postcode')} required {...field('postcode')} />
            <TextInput label={t('fields.city')} required {...field('city')} />
            <NativeSelect label={t('fields.country')} data={countries} {...field('country')} />
          </SimpleGrid>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={action.isPending}>
              {t('staff:customers.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
