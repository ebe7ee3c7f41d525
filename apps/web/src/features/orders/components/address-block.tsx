import { Stack, Text } from '@mantine/core';
import type { AddressSnapshot } from '@portal/contract';
import { countryName } from '../../../shared/format/country';
import { useLocale } from '../../../shared/locale/use-locale';

/** An address as it was copied onto an order or invoice. */
export function AddressBlock({ title, address }: { title: string; address: AddressSnapshot }) {
  const locale = useLocale();
  return (
    <Stack gap={2}>
      <Text fw={700} size="sm">
        {title}
      </Text>
      <Text size="sm">{address.company_name}</Text>
      <Text size="sm">
        {address.street} {address.house_number}
      </Text>
      <Text size="sm">
        {address.zip_code} {address.city}
      </Text>
      <Text size="sm">{countryName(address.country, locale)}</Text>
      {address.vat_number && <Text size="sm">{address.vat_number}</Text>}
    </Stack>
  );
}
