import type { Locale, PaymentMethod } from '@portal/contract';

/** The words printed on an invoice PDF, per language. */
export interface InvoicePdfTexts {
  title: string;
  invoice_number: string;
  issue_date: string;
  order_number: string;
  payment_method: string;
  shipping_method: string;
  bill_to: string;
  ship_to: string;
  sku: string;
  description: string;
  quantity: string;
  unit_price: string;
  amount: string;
  subtotal: string;
  shipping: string;
  vat: string;
  vat_base: string;
  total: string;
  vat_number: string;
  register_number: string;
  reverse_charge: string;
  bank_transfer: string;
  credit_card: string;
}

export const INVOICE_PDF_TEXTS: Record<Locale, InvoicePdfTexts> = {
  en: {
    title: 'Invoice',
    invoice_number: 'Invoice number',
    issue_date: 'Issue date',
    order_number: 'Order number',
    payment_method: 'Payment method',
    shipping_method: 'Shipping method',
    bill_to: 'Bill to',
    ship_to: 'Ship to',
    sku: 'SKU',
    description: 'Description',
    quantity: 'Qty',
    unit_price: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    shipping: 'Shipping',
    vat: 'VAT {rate} %',
    vat_base: 'on {base}',
    total: 'Total',
    vat_number: 'VAT number',
    register_number: 'Company register',
    reverse_charge:
      'VAT reverse charged: the customer accounts for the VAT (Article 196, Directive 2006/112/EC).',
    bank_transfer: 'Bank transfer',
    credit_card: 'Credit card',
  },
  fr: {
    title: 'Facture',
    invoice_number: 'Numéro de facture',
    issue_date: "Date d'émission",
    order_number: 'Numéro de commande',
    payment_method: 'Mode de paiement',
    shipping_method: "Mode d'expédition",
    bill_to: 'Facturé à',
    ship_to: 'Livré à',
    sku: 'Réf.',
    description: 'Désignation',
    quantity: 'Qté',
    unit_price: 'Prix unitaire',
    amount: 'Montant',
    subtotal: 'Sous-total',
    shipping: 'Livraison',
    vat: 'TVA {rate} %',
    vat_base: 'sur {base}',
    total: 'Total',
    vat_number: 'Numéro de TVA',
    register_number: 'Registre du commerce',
    reverse_charge:
      'Autoliquidation de la TVA par le preneur (article 196, directive 2006/112/CE).',
    bank_transfer: 'Virement bancaire',
    credit_card: 'Carte de crédit',
  },
  es: {
    title: 'Factura',
    invoice_number: 'Número de factura',
    issue_date: 'Fecha de emisión',
    order_number: 'Número de pedido',
    payment_method: 'Método de pago',
    shipping_method: 'Método de envío',
    bill_to: 'Facturar a',
    ship_to: 'Enviar a',
    sku: 'SKU',
    description: 'Descripción',
    quantity: 'Cant.',
    unit_price: 'Precio unitario',
    amount: 'Importe',
    subtotal: 'Subtotal',
    shipping: 'Envío',
    vat: 'IVA {rate} %',
    vat_base: 'sobre {base}',
    total: 'Total',
    vat_number: 'Número de IVA',
    register_number: 'Registro mercantil',
    reverse_charge: 'Inversión del sujeto pasivo (artículo 196, Directiva 2006/112/CE).',
    bank_transfer: 'Transferencia bancaria',
    credit_card: 'Tarjeta de crédito',
  },
  de: {
    title: 'Rechnung',
    invoice_number: 'Rechnungsnummer',
    issue_date: 'Rechnungsdatum',
    order_number: 'Bestellnummer',
    payment_method: 'Zahlungsart',
    shipping_method: 'Versandart',
    bill_to: 'Rechnungsempfänger',
    ship_to: 'Lieferanschrift',
    sku: 'Artikelnr.',
    description: 'Bezeichnung',
    quantity: 'Menge',
    unit_price: 'Einzelpreis',
    amount: 'Betrag',
    subtotal: 'Zwischensumme',
    shipping: 'Versand',
    vat: 'MwSt. {rate} %',
    vat_base: 'auf {base}',
    total: 'Gesamt',
    vat_number: 'USt-IdNr.',
    register_number: 'Handelsregister',
    reverse_charge:
      'Steuerschuldnerschaft des Leistungsempfängers (Artikel 196, Richtlinie 2006/112/EG).',
    bank_transfer: 'Banküberweisung',
    credit_card: 'Kreditkarte',
  },
  nl: {
    title: 'Factuur',
    invoice_number: 'Factuurnummer',
    issue_date: 'Factuurdatum',
    order_number: 'Bestelnummer',
    payment_method: 'Betaalmethode',
    shipping_method: 'Verzendmethode',
    bill_to: 'Factuur aan',
    ship_to: 'Verzenden naar',
    sku: 'Artikelnr.',
    description: 'Omschrijving',
    quantity: 'Aantal',
    unit_price: 'Stukprijs',
    amount: 'Bedrag',
    subtotal: 'Subtotaal',
    shipping: 'Verzending',
    vat: 'Btw {rate} %',
    vat_base: 'over {base}',
    total: 'Totaal',
    vat_number: 'Btw-nummer',
    register_number: 'Handelsregister',
    reverse_charge: 'Btw verlegd (artikel 196, Richtlijn 2006/112/EG).',
    bank_transfer: 'Bankoverschrijving',
    credit_card: 'Creditcard',
  },
  it: {
    title: 'Fattura',
    invoice_number: 'Numero fattura',
    issue_date: 'Data di emissione',
    order_number: 'Numero ordine',
    payment_method: 'Metodo di pagamento',
    shipping_method: 'Metodo di spedizione',
    bill_to: 'Intestatario',
    ship_to: 'Spedire a',
    sku: 'Cod.',
    description: 'Descrizione',
    quantity: 'Qtà',
    unit_price: 'Prezzo unitario',
    amount: 'Importo',
    subtotal: 'Subtotale',
    shipping: 'Spedizione',
    vat: 'IVA {rate} %',
    vat_base: 'su {base}',
    total: 'Totale',
    vat_number: 'Partita IVA',
    register_number: 'Registro delle imprese',
    reverse_charge: 'Inversione contabile (articolo 196, Direttiva 2006/112/CE).',
    bank_transfer: 'Bonifico bancario',
    credit_card: 'Carta di credito',
  },
};

/** How a payment method reads on the invoice: brand names as they are, the rest translated. */
export function paymentMethodLabel(method: PaymentMethod, texts: InvoicePdfTexts): string {
  const brands: Record<PaymentMethod, string> = {
    banktransfer: texts.bank_transfer,
    creditcard: texts.credit_card,
    paypal: 'PayPal',
    checkout: 'Checkout',
    bancontact: 'Bancontact',
    billie: 'Billie',
    ideal: 'iDEAL',
  };
  return brands[method];
}

/** The words that make an invoice PDF a credit note, per language. */
export const CREDIT_NOTE_PDF_TEXTS: Record<
  Locale,
  { title: string; number: string; credits: string }
> = {
  en: {
    title: 'Credit note',
    number: 'Credit note number',
    credits: 'Credit note for invoice {invoice_number}',
  },
  fr: {
    title: 'Avoir',
    number: "Numéro d'avoir",
    credits: 'Avoir sur la facture {invoice_number}',
  },
  es: {
    title: 'Nota de crédito',
    number: 'Número de nota de crédito',
    credits: 'Nota de crédito de la factura {invoice_number}',
  },
  de: {
    title: 'Gutschrift',
    number: 'Gutschriftnummer',
    credits: 'Gutschrift zur Rechnung {invoice_number}',
  },
  nl: {
    title: 'Creditnota',
    number: 'Creditnotanummer',
    credits: 'Creditnota bij factuur {invoice_number}',
  },
  it: {
    title: 'Nota di credito',
    number: 'Numero nota di credito',
    credits: 'Nota di credito della fattura {invoice_number}',
  },
};
