import { describe, expect, it } from 'vitest';
import type { Address } from '@portal/contract';
import { readChoice, resolveChoice, writeChoice } from './checkout-choice';

const address = (id: string, isDefault = false) => ({ _id: id, is_default: isDefault }) as Address;
const D1 = 'd1';
const D2 = 'd2';
const I1 = 'i1';
const I2 = 'i2';
const noDefaults = { default_delivery_address_id: null, default_invoice_address_id: null };

describe('readChoice / writeChoice', () => {
  it('round-trips a separate invoice address and "same as delivery"', () => {
    expect(readChoice(writeChoice({ deliveryId: D1, invoiceId: I1 }))).toEqual({
      deliveryId: D1,
      invoiceId: I1,
    });
    expect(readChoice(writeChoice({ deliveryId: D1, invoiceId: null }))).toEqual({
      deliveryId: D1,
      invoiceId: null,
    });
    expect(writeChoice({ deliveryId: D1, invoiceId: null }).toString()).toBe(
      'delivery=d1&invoice=same',
    );
  });

  it('tells "not chosen yet" from "same as delivery"', () => {
    expect(readChoice(new URLSearchParams(''))).toEqual({ deliveryId: null, invoiceId: undefined });
  });
});

describe('resolveChoice', () => {
  const delivery = [address(D1), address(D2, true)];
  const invoice = [address(I1), address(I2)];

  it('keeps what the URL says while those addresses exist', () => {
    expect(resolveChoice({ deliveryId: D1, invoiceId: I2 }, noDefaults, delivery, invoice)).toEqual(
      { deliveryId: D1, invoiceId: I2 },
    );
  });

  it('falls back to the company defaults, then the flagged default, then the first', () => {
    expect(
      resolveChoice(
        { deliveryId: 'gone', invoiceId: undefined },
        { default_delivery_address_id: D1, default_invoice_address_id: I2 },
        delivery,
        invoice,
      ),
    ).toEqual({ deliveryId: D1, invoiceId: I2 });
    expect(
      resolveChoice({ deliveryId: null, invoiceId: undefined }, noDefaults, delivery, invoice),
    ).toEqual({ deliveryId: D2, invoiceId: null });
    expect(
      resolveChoice({ deliveryId: null, invoiceId: 'gone' }, noDefaults, [address(D1)], invoice),
    ).toEqual({ deliveryId: D1, invoiceId: I1 });
  });

  it('invoices the delivery address when asked, and has nothing to pick from empty books', () => {
    expect(
      resolveChoice(
        { deliveryId: D1, invoiceId: null },
        { default_delivery_address_id: null, default_invoice_address_id: I1 },
        delivery,
        invoice,
      ),
    ).toEqual({ deliveryId: D1, invoiceId: null });
    expect(resolveChoice({ deliveryId: null, invoiceId: undefined }, noDefaults, [], [])).toEqual({
      deliveryId: null,
      invoiceId: null,
    });
  });
});
