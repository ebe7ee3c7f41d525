import { describe, expect, it } from 'vitest';
import { addressRequestSchema, type Address } from '@portal/contract';
import { addressLine, addressRequest, addressValues } from './address-values';

describe('addressValues / addressRequest', () => {
  it('starts a new address empty in the given country', () => {
    const values = addressValues(null, 'NL');
    expect(values.country).toBe('NL');
    expect(values.company_name).toBe('');
    expect(values.is_default).toBe(false);
  });

  it('sends empty optional fields as null, so the contract accepts them', () => {
    const values = {
      ...addressValues(null, 'BE'),
      company_name: 'Acme NV',
      street: 'Kerkstraat',
      house_number: '12',
      zip_code: '2000',
      city: 'Antwerpen',
      email: '  ',
    };
    const request = addressRequest(values);
    expect(request).toMatchObject({ vat_number: null, phone: null, email: null });
    expect(addressRequestSchema.safeParse(request).success).toBe(true);
  });

  it('keeps what an existing address holds', () => {
    const address = {
      company_name: 'Demo Energy BV',
      vat_number: 'NL123456789B01',
      street: 'Stationsplein',
      house_number: '1',
      zip_code: '1012 AB',
      city: 'Amsterdam',
      country: 'NL',
      phone: null,
      mobile_phone: '+31 6 1234 5678',
      email: null,
      additional_information: null,
      is_default: true,
    } as Address;
    const values = addressValues(address, 'DE');
    expect(values).toMatchObject({ country: 'NL', mobile_phone: '+31 6 1234 5678', phone: '' });
    expect(addressRequest(values)).toMatchObject({ phone: null, vat_number: 'NL123456789B01' });
    expect(addressLine(address, 'Nederland')).toBe('Stationsplein 1, 1012 AB Amsterdam, Nederland');
  });
});
