import { Badge, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Address, AddressSnapshot } from '@portal/contract';
import { countryName } from '../format/country';
import { useLocale } from '../locale/use-locale';

/**
 * An address as a postal block (an address book entry, or the copy on an order or invoice),
 * under its title when given.
 */
export function AddressLines({ address, title }: { address: AddressSnapshot; title?: string }) {
  const locale = useLocale();
  const lines = (
    <Text size="sm" component="address" style={{ fontStyle: 'normal', lineHeight: 1.5 }}>
      <strong>{address.company_name}</strong>
      <br />
      {address.street} {address.house_number}
      <br />
      {address.zip_code} {address.city}
      <br />
      {countryName(address.country, locale)}
      {address.vat_number && (
        <>
          <br />
          {address.vat_number}
        </>
      )}
    </Text>
  );
  if (!title) return lines;
  return (
    <Stack gap={2}>
      <Text fw={700} size="sm">
        {title}
      </Text>
      {lines}
    </Stack>
  );
}

/** An address book entry's marks: the default one, and a VAT number found inactive. */
export function AddressBadges({ address, size }: { address: Address; size: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  return (
    <>
      {address.is_default && (
        <Badge size={size} variant="light" color="brand">
          {t('addresses.default')}
        </Badge>
      )}
      {address.vat_number_unactive_at && (
        <Badge
          size={size}
          variant="outline"
          color="red.9"
          leftSection={<IconAlertTriangle size={size === 'xs' ? 11 : 12} aria-hidden />}
        >
          {t('addresses.vatInactive')}
        </Badge>
      )}
    </>
  );
}
