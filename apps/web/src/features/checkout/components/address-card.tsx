import { Text } from '@mantine/core';
import type { AddressSnapshot } from '@portal/contract';
import { countryName } from '../../../shared/format/country';
import { useLocale } from '../../../shared/locale/use-locale';

/** An address as a postal block. */
export function AddressLines({ address }: { address: AddressSnapshot }) {
  const locale = useLocale();
  return (
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
}
