import { InvoiceService, type Invoice as EInvoice } from '@e-invoice-eu/core';
import type { AddressSnapshot, Country, Invoice, InvoiceSettings, Locale } from '@portal/contract';
import { conflict } from '../../platform/errors';

export type { EInvoiceFormat } from '@portal/contract';

/**
 * The structured e-invoices of EN 16931 (issue 23), made by `@e-invoice-eu/core` from an
 * invoice or credit note as issued: UBL 2.1 in the Peppol BIS Billing 3.0 profile, and
 * Factur-X (EN 16931 profile: the invoice's PDF as PDF/A-3 with its CII XML embedded).
 */
/** Peppol BIS Billing 3.0 (the library's UBL default is plain EN 16931). */
const PEPPOL_CUSTOMIZATION =
  'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const PEPPOL_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
/** Why a reverse-charged invoice carries no VAT (the VATEX code list). */
const REVERSE_CHARGE_CODE = 'VATEX-EU-AE';
const REVERSE_CHARGE_TEXT = 'Reverse charge';

/** What a credit note refers to: the invoice it corrects (BT-25, BT-26). */
export interface CreditedInvoice {
  number: string;
  issuedAt: string;
}

/**
 * The Peppol electronic address scheme (EAS) of each country's VAT number. Denmark and Sweden
 * address companies by other registers: their buyers are reached by e-mail (EAS `EM`).
 */
const VAT_SCHEMES: Partial<Record<Country, string>> = {
  AT: '9914',
  BE: '9925',
  BG: '9926',
  CZ: '9929',
  DE: '9930',
  EE: '9931',
  ES: '9920',
  FI: '0213',
  FR: '9957',
  GR: '9933',
  HR: '9934',
  HU: '9910',
  IE: '9935',
  IT: '0211',
  LT: '9937',
  LU: '9938',
  LV: '9939',
  NL: '9944',
  PL: '9945',
  PT: '9946',
  RO: '9947',
  SI: '9949',
  SK: '9950',
};

/** A party's electronic address: its VAT number where the country has a scheme, else e-mail. */
function endpointOf(country: Country, vatNumber: string | null, email: string | null) {
  const scheme = VAT_SCHEMES[country];
  if (scheme && vatNumber) return { id: vatNumber, scheme };
  if (email) return { id: email, scheme: 'EM' };
  throw conflict('errors.e_invoice_no_address');
}

const amount = (euros: number) => euros.toFixed(2);
const day = (iso: string) => iso.slice(0, 10);

/** VAT category of EN 16931 (UNCL5305): standard rate, or reverse charge (AE) at 0 %. */
function categoryOf(document: Invoice) {
  return document.vat_mode === 'reverse_charge'
    ? ({ id: 'AE', percent: '0.00' } as const)
    : ({ id: 'S', percent: amount(document.vat_rate) } as const);
}

function postalAddress(
  address: Pick<AddressSnapshot, 'street' | 'house_number' | 'zip_code' | 'city' | 'country'>,
) {
  return {
    'cbc:StreetName': `${address.street} ${address.house_number}`.trim(),
    'cbc:CityName': address.city,
    'cbc:PostalZone': address.zip_code,
    'cac:Country': { 'cbc:IdentificationCode': address.country },
  } as const;
}

/**
 * The document in the library's internal format (UBL names). Shipping is a document-level
 * charge taxed like the goods; amounts are in euros with 2 decimals, as issued.
 */
export function eInvoiceData(
  document: Invoice,
  shop: InvoiceSettings,
  credited?: CreditedInvoice,
): EInvoice {
  const category = categoryOf(document);
  const taxCategory = {
    'cbc:ID': category.id,
    'cbc:Percent': category.percent,
    'cac:TaxScheme': { 'cbc:ID': 'VAT' },
  } as const;
  const lineTotal = document.lines.reduce((sum, line) => sum + Math.round(line.subtotal * 100), 0);
  const shippingCents = Math.round(document.shipping_amount * 100);
  const exclusiveCents = lineTotal + shippingCents;
  const taxCents = Math.round(document.tax_amount * 100);
  const buyer = document.billing_address;
  const sellerEndpoint = endpointOf(shop.country, shop.vat_number, shop.email);
  const buyerEndpoint = endpointOf(buyer.country, buyer.vat_number, buyer.email);
  const lines = document.lines.map((line, index) => ({
    'cbc:ID': String(index + 1),
    'cbc:InvoicedQuantity': String(line.quantity),
    // C62: one (a piece).
    'cbc:InvoicedQuantity@unitCode': 'C62',
    'cbc:LineExtensionAmount': amount(line.subtotal),
    'cbc:LineExtensionAmount@currencyID': 'EUR',
    'cac:Item': {
      'cbc:Name': line.title,
      'cac:SellersItemIdentification': { 'cbc:ID': line.sku },
      'cac:ClassifiedTaxCategory': taxCategory,
    },
    'cac:Price': { 'cbc:PriceAmount': amount(line.price), 'cbc:PriceAmount@currencyID': 'EUR' },
  }));
  const [first, ...rest] = lines;
  if (!first) throw new Error(`document ${document.invoice_number} has no lines`);
  const data = {
    'ubl:Invoice': {
      'cbc:CustomizationID': PEPPOL_CUSTOMIZATION,
      'cbc:ProfileID': PEPPOL_PROFILE,
      'cbc:ID': document.invoice_number,
      'cbc:IssueDate': day(document.issued_at),
      // 380: commercial invoice; 381: credit note (the library writes a UBL CreditNote).
      'cbc:InvoiceTypeCode': credited ? '381' : '380',
      ...(document.vat_mention ? { 'cbc:Note': [document.vat_mention] } : {}),
      'cbc:DocumentCurrencyCode': 'EUR',
      'cbc:BuyerReference': document.order.order_number,
      'cac:OrderReference': { 'cbc:ID': document.order.order_number },
      ...(credited
        ? {
            'cac:BillingReference': [
              {
                'cac:InvoiceDocumentReference': {
                  'cbc:ID': credited.number,
                  'cbc:IssueDate': day(credited.issuedAt),
                },
              },
            ],
          }
        : {}),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          'cbc:EndpointID': sellerEndpoint.id,
          'cbc:EndpointID@schemeID': sellerEndpoint.scheme,
          'cac:PartyName': { 'cbc:Name': shop.legal_name },
          'cac:PostalAddress': postalAddress({ ...shop }),
          'cac:PartyTaxScheme': [
            { 'cbc:CompanyID': shop.vat_number, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
          ],
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': shop.legal_name,
            'cbc:CompanyID': shop.company_register_number,
          },
          'cac:Contact': { 'cbc:Telephone': shop.phone, 'cbc:ElectronicMail': shop.email },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          'cbc:EndpointID': buyerEndpoint.id,
          'cbc:EndpointID@schemeID': buyerEndpoint.scheme,
          'cac:PartyName': { 'cbc:Name': buyer.company_name },
          'cac:PostalAddress': postalAddress(buyer),
          ...(buyer.vat_number
            ? {
                'cac:PartyTaxScheme': {
                  'cbc:CompanyID': buyer.vat_number,
                  'cac:TaxScheme': { 'cbc:ID': 'VAT' },
                },
              }
            : {}),
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': buyer.company_name },
        },
      },
      'cac:Delivery': {
        'cac:DeliveryLocation': { 'cac:Address': postalAddress(document.shipping_address) },
        'cac:DeliveryParty': {
          'cac:PartyName': { 'cbc:Name': document.shipping_address.company_name },
        },
      },
      ...(shippingCents > 0
        ? {
            'cac:AllowanceCharge': [
              {
                'cbc:ChargeIndicator': 'true',
                'cbc:AllowanceChargeReason': `Shipping (${document.shipping_method})`,
                'cbc:Amount': amount(document.shipping_amount),
                'cbc:Amount@currencyID': 'EUR',
                'cac:TaxCategory': taxCategory,
              },
            ],
          }
        : {}),
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': amount(taxCents / 100),
          'cbc:TaxAmount@currencyID': 'EUR',
          'cac:TaxSubtotal': [
            {
              'cbc:TaxableAmount': amount(exclusiveCents / 100),
              'cbc:TaxableAmount@currencyID': 'EUR',
              'cbc:TaxAmount': amount(taxCents / 100),
              'cbc:TaxAmount@currencyID': 'EUR',
              'cac:TaxCategory': {
                ...taxCategory,
                ...(category.id === 'AE'
                  ? {
                      'cbc:TaxExemptionReasonCode': REVERSE_CHARGE_CODE,
                      'cbc:TaxExemptionReason': document.vat_mention ?? REVERSE_CHARGE_TEXT,
                    }
                  : {}),
              },
            },
          ],
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': amount(lineTotal / 100),
        'cbc:LineExtensionAmount@currencyID': 'EUR',
        'cbc:TaxExclusiveAmount': amount(exclusiveCents / 100),
        'cbc:TaxExclusiveAmount@currencyID': 'EUR',
        'cbc:TaxInclusiveAmount': amount((exclusiveCents + taxCents) / 100),
        'cbc:TaxInclusiveAmount@currencyID': 'EUR',
        ...(shippingCents > 0
          ? {
              'cbc:ChargeTotalAmount': amount(shippingCents / 100),
              'cbc:ChargeTotalAmount@currencyID': 'EUR',
            }
          : {}),
        'cbc:PayableAmount': amount((exclusiveCents + taxCents) / 100),
        'cbc:PayableAmount@currencyID': 'EUR',
      },
      'cac:InvoiceLine': [first, ...rest],
    },
  };
  return data as EInvoice;
}

const LANGS: Record<Locale, string> = {
  en: 'en-gb',
  fr: 'fr-fr',
  es: 'es-es',
  de: 'de-de',
  nl: 'nl-nl',
  it: 'it-it',
};

/**
 * One service for the process (it compiles its JSON schema once). Its log lines are dropped: a
 * document it cannot make is an exception, which the caller's request log records.
 */
const quiet = () => undefined;
const service = new InvoiceService({ log: quiet, warn: quiet, error: quiet });

/** The UBL (Peppol BIS 3.0) XML of a document. */
export async function ublXml(
  document: Invoice,
  shop: InvoiceSettings,
  locale: Locale,
  credited?: CreditedInvoice,
): Promise<string> {
  const xml = await service.generate(eInvoiceData(document, shop, credited), {
    format: 'UBL',
    lang: LANGS[locale],
    noWarnings: true,
  });
  return typeof xml === 'string' ? xml : Buffer.from(xml).toString('utf8');
}

/** The Factur-X (EN 16931) PDF of a document: its PDF as PDF/A-3 with the CII XML embedded. */
export async function facturXPdf(
  document: Invoice,
  shop: InvoiceSettings,
  locale: Locale,
  pdf: Uint8Array,
  fileName: string,
  credited?: CreditedInvoice,
): Promise<Uint8Array> {
  const made = await service.generate(eInvoiceData(document, shop, credited), {
    format: 'Factur-X-EN16931',
    lang: LANGS[locale],
    pdf: { buffer: pdf, filename: fileName, mimetype: 'application/pdf' },
    noWarnings: true,
  });
  return typeof made === 'string' ? Buffer.from(made) : made;
}
