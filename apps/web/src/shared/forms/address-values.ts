import type { Address, AddressRequest } from '@portal/contract';

/** The address form's values: every field a string, as the inputs hold them. */
export interface AddressValues {
  company_name: string;
  vat_number: string;
  street: string;
  house_number: string;
  zip_code: string;
  city: string;
  country: string;
  phone: string;
  mobile_phone: string;
  email: string;
  additional_information: string;
  is_default: boolean;
}

export const ADDRESS_FIELDS = [
  'company_name',
  'vat_number',
  'street',
  'house_number',
  'zip_code',
  'city',
  'country',
  'phone',
  'mobile_phone',
  'email',
  'additional_information',
] as const;

const OPTIONAL_FIELDS = [
  'vat_number',
  'phone',
  'mobile_phone',
  'email',
  'additional_information',
] as const;

/** A new address starts in the company's country; an existing one shows what it holds. */
export function addressValues(address: Address | null, country: string): AddressValues {
  return {
    company_name: address?.company_name ?? '',
    vat_number: address?.vat_number ?? '',
    street: address?.street ?? '',
    house_number: address?.house_number ?? '',
    zip_code: address?.zip_code ?? '',
    city: address?.city ?? '',
    country: address?.country ?? country,
    phone: address?.phone ?? '',
    mobile_phone: address?.mobile_phone ?? '',
    email: address?.email ?? '',
    additional_information: address?.additional_information ?? '',
    is_default: address?.is_default ?? false,
  };
}

/**
 * The request body (to validate with the contract's schema, then send): empty optional fields
 * become null, so they are cleared rather than refused as too short.
 */
export function addressRequest(values: AddressValues): AddressRequest {
  const request = { ...values } as Record<string, unknown>;
  for (const field of OPTIONAL_FIELDS) {
    if (values[field].trim() === '') request[field] = null;
  }
  return request as AddressRequest;
}

/** One line for a list: "Company, Street 12, 1234 AB City, NL". */
export function addressLine(
  address: Pick<Address, 'street' | 'house_number' | 'zip_code' | 'city'>,
  countryLabel: string,
): string {
  return `${address.street} ${address.house_number}, ${address.zip_code} ${address.city}, ${countryLabel}`;
}
