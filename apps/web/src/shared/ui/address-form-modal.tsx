import { useMemo, useState } from 'react';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { addressRequestSchema, type Address, type AddressKind } from '@portal/contract';
import { countryOptions } from '../format/country';
import { applyServerError } from '../forms/server-errors';
import { zodFieldErrors } from '../forms/zod-errors';
import { useLocale } from '../locale/use-locale';
import { notifySuccess } from './notify';
import { FormAlert } from './form-alert';
import { useSaveAddress } from '../api/addresses';
import {
  ADDRESS_FIELDS,
  addressRequest,
  addressValues,
  type AddressValues,
} from '../forms/address-values';

/** Add or edit a delivery or invoice address: every field of SPEC section 3, checked per field. */
export function AddressFormModal({
  kind,
  address,
  defaultCountry,
  onClose,
  onSaved,
}: {
  kind: AddressKind;
  /** null: a new address. */
  address: Address | null;
  defaultCountry: string;
  onClose: () => void;
  onSaved: (address: Address) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const save = useSaveAddress(kind);
  const [alert, setAlert] = useState<string | null>(null);
  const countries = useMemo(() => countryOptions(locale), [locale]);

  const form = useForm<AddressValues>({
    initialValues: addressValues(address, defaultCountry),
    validate: (values) => zodFieldErrors(addressRequestSchema, addressRequest(values), t),
    validateInputOnBlur: true,
  });

  const submit = (values: AddressValues) => {
    setAlert(null);
    save.mutate(
      { id: address?._id, body: addressRequestSchema.parse(addressRequest(values)) },
      {
        onSuccess: (saved) => {
          notifySuccess(t('addresses.saved'));
          onSaved(saved);
        },
        onError: (error) => setAlert(applyServerError(error, ADDRESS_FIELDS, form.setErrors)),
      },
    );
  };

  const field = (name: keyof AddressValues) => form.getInputProps(name);
  const title = t(address ? `addresses.edit.${kind}` : `addresses.add.${kind}`);

  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <FormAlert message={alert} />
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('addresses.fields.company_name')}
              autoComplete="organization"
              required
              {...field('company_name')}
            />
            <TextInput label={t('addresses.fields.vat_number')} {...field('vat_number')} />
            <TextInput
              label={t('addresses.fields.street')}
              autoComplete="address-line1"
              required
              {...field('street')}
            />
            <TextInput
              label={t('addresses.fields.house_number')}
              required
              {...field('house_number')}
            />
            <TextInput
              label={t('addresses.fields.zip_code')}
              autoComplete="postal-code"
              required
              {...field('zip_code')}
            />
            <TextInput
              label={t('addresses.fields.city')}
              autoComplete="address-level2"
              required
              {...field('city')}
            />
            <NativeSelect
              label={t('addresses.fields.country')}
              required
              data={[{ value: '', label: t('signUp.countryPlaceholder') }, ...countries]}
              {...field('country')}
            />
            <TextInput
              label={t('addresses.fields.email')}
              type="email"
              autoComplete="email"
              {...field('email')}
            />
            <TextInput
              label={t('addresses.fields.phone')}
              type="tel"
              autoComplete="tel"
              {...field('phone')}
            />
            <TextInput
              label={t('addresses.fields.mobile_phone')}
              type="tel"
              {...field('mobile_phone')}
            />
          </SimpleGrid>
          <Textarea
            label={t('addresses.fields.additional_information')}
            autosize
            minRows={2}
            {...field('additional_information')}
          />
          <Checkbox
            label={t(`addresses.makeDefault.${kind}`)}
            {...form.getInputProps('is_default', { type: 'checkbox' })}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('addresses.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
