import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { invoiceSettingsSchema, type InvoiceSettings } from '@portal/contract';
import { STAFF_NAMESPACES } from '../../../../i18n/i18n';
import { countryOptions } from '../../../../shared/format/country';
import { useLocale } from '../../../../shared/locale/use-locale';
import { SettingForm } from './setting-form';

const TEXT_FIELDS: [keyof InvoiceSettings, string][] = [
  ['legal_name', 'staff:settings.invoice.legalName'],
  ['street', 'fields.street'],
  ['house_number', 'fields.house_number'],
  ['zip_code', 'fields.postcode'],
  ['city', 'fields.city'],
  ['vat_number', 'fields.vat_number'],
  ['company_register_number', 'fields.company_register_number'],
  ['email', 'staff:settings.invoice.email'],
  ['phone', 'staff:settings.invoice.phone'],
];

/** The shop's legal details printed on every invoice and credit note. */
export function InvoiceSettingsForm() {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  return (
    <SettingForm code="invoice_settings" schema={invoiceSettingsSchema}>
      {(form) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {TEXT_FIELDS.map(([name, label]) => (
            <TextInput key={name} label={t(label)} required {...form.getInputProps(name)} />
          ))}
          <Select
            label={t('fields.country')}
            data={countryOptions(locale)}
            allowDeselect={false}
            searchable
            {...form.getInputProps('country')}
          />
        </SimpleGrid>
      )}
    </SettingForm>
  );
}
