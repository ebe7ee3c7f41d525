import { describe, expect, it } from 'vitest';
import type { ClaimOrderLine } from '@portal/contract';
import {
  checkBoxes,
  checkCsvFile,
  checkLines,
  checkSource,
  placeServerErrors,
  toCreateClaimRequest,
  type BoxDraft,
  type LineDraft,
} from './claim-form';

const line = (sku: string, claimable: number): ClaimOrderLine => ({
  product_id: '00000000-0000-4000-8000-000000000001',
  sku,
  title: `Battery ${sku}`,
  quantity: 5,
  quantity_claimed: 5 - claimable,
  quantity_claimable: claimable,
  warranty_months: 24,
  warranty_until: '2028-01-01',
  return_until: '2026-12-01',
  eligibility: 'return_eligible',
});

const draft = (over: Partial<LineDraft> = {}): LineDraft => ({
  selected: true,
  quantity: 1,
  reason: 'product_defect',
  demand_action: 'refund',
  ...over,
});

const box = (over: Partial<BoxDraft> = {}): BoxDraft => ({
  key: 'b1',
  carrier: 'DHL',
  tracking_code: 'JV123',
  number_of_boxes: 1,
  ...over,
});

const bytes = (text: string) => new TextEncoder().encode(text);

describe('checkSource', () => {
  it('asks for an order number or a file, and exactly 10 characters', () => {
    expect(checkSource('order', '  ', null)).toBe('validation.claim_source_required');
    expect(checkSource('order', '123456789', null)).toBe('validation.order_number_length');
    expect(checkSource('order', '12345678901', null)).toBe('validation.order_number_length');
    expect(checkSource('order', ' 2026000001 ', null)).toBeNull();
    expect(checkSource('file', '', null)).toBe('validation.file_required');
    expect(checkSource('file', '', new File(['a;b'], 'claims.csv'))).toBeNull();
  });
});

describe('checkCsvFile', () => {
  it('takes text files named .csv, with a BOM and semicolons too', () => {
    expect(checkCsvFile('claims.CSV', 30, bytes('\ufefforder_number;sku\r\n1;2\r\n'))).toBeNull();
  });

  it('refuses other names, empty and too large files', () => {
    expect(checkCsvFile('claims.xlsx', 30, bytes('a,b'))).toBe('validation.csv_only');
    expect(checkCsvFile('claims.csv', 0, new Uint8Array())).toBe('validation.csv_empty');
    expect(checkCsvFile('claims.csv', 6 * 1024 * 1024, bytes('a,b'))).toBe(
      'validation.csv_too_large',
    );
  });

  it('looks at the content, not only the name: a binary file is not a text CSV', () => {
    expect(checkCsvFile('renamed.csv', 8, bytes('%PDF-1.7'))).toBe('validation.csv_not_text');
    expect(checkCsvFile('book.csv', 8, new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]))).toBe(
      'validation.csv_not_text',
    );
    expect(checkCsvFile('raw.csv', 3, new Uint8Array([0x61, 0x00, 0x62]))).toBe(
      'validation.csv_not_text',
    );
  });
});

describe('checkLines', () => {
  const lines = [line('BAT-1', 3), line('BAT-2', 5)];

  it('needs at least one selected line', () => {
    expect(checkLines(lines, {}).message).toBe('validation.select_item');
    expect(checkLines(lines, { 'BAT-1': draft({ selected: false }) }).message).toBe(
      'validation.select_item',
    );
  });

  it('bounds the quantity by what is left to claim', () => {
    const result = checkLines(lines, { 'BAT-1': draft({ quantity: 4 }) });
    expect(result.lines['BAT-1']).toEqual({ quantity: 'validation.quantity_exceeds_limit' });
    expect(result.message).toBe('validation.quantity_exceeds_limit');
    expect(checkLines(lines, { 'BAT-1': draft({ quantity: 3 }) })).toEqual({
      message: null,
      lines: {},
    });
  });

  it('wants reason and demand action on every chosen line', () => {
    const result = checkLines(lines, {
      'BAT-1': draft(),
      'BAT-2': draft({ reason: '', demand_action: '', quantity: '' }),
    });
    expect(result.message).toBe('validation.reason_demand_required');
    expect(result.lines).toEqual({
      'BAT-2': {
        quantity: 'validation.fields_required',
        reason: 'validation.reason_demand_required',
        demand_action: 'validation.reason_demand_required',
      },
    });
  });
});

describe('checkBoxes', () => {
  it('needs one box at least, each complete', () => {
    expect(checkBoxes([]).message).toBe('validation.shipping_box_required');
    expect(checkBoxes([box()])).toEqual({ message: null, boxes: {} });
    const result = checkBoxes([box(), box({ key: 'b2', carrier: ' ', number_of_boxes: '' })]);
    expect(result.message).toBe('validation.shipping_details_required');
    expect(result.boxes).toEqual({
      b2: {
        carrier: 'validation.shipping_details_required',
        number_of_boxes: 'validation.shipping_details_required',
      },
    });
  });
});

describe('toCreateClaimRequest and server errors', () => {
  const lines = [line('BAT-1', 3), line('BAT-2', 5)];
  const drafts = { 'BAT-2': draft({ quantity: 2 }), 'BAT-1': draft({ selected: false }) };
  const boxes = [
    box(),
    box({ key: 'b2', carrier: ' GLS ', tracking_code: 'G1', number_of_boxes: 2 }),
  ];

  it('sends the chosen lines and trimmed boxes', () => {
    expect(toCreateClaimRequest('return', ' 2026000001', lines, drafts, boxes, '  ')).toEqual({
      kind: 'return',
      order_number: '2026000001',
      items: [{ sku: 'BAT-2', quantity: 2, reason: 'product_defect', demand_action: 'refund' }],
      boxes: [
        { carrier: 'DHL', tracking_code: 'JV123', number_of_boxes: 1 },
        { carrier: 'GLS', tracking_code: 'G1', number_of_boxes: 2 },
      ],
      comment: undefined,
    });
  });

  it('puts the server field details on their step, line and box', () => {
    const request = toCreateClaimRequest('return', '2026000001', lines, drafts, boxes, '');
    expect(
      placeServerErrors(
        [
          { field: 'items.0.quantity', message: 'Quantity exceeds limit' },
          { field: 'boxes.1.carrier', message: 'Required' },
          { field: 'order_number', message: 'Not found' },
        ],
        request,
        boxes,
      ),
    ).toEqual([
      { step: 1, message: 'Quantity exceeds limit', sku: 'BAT-2', field: 'quantity' },
      { step: 2, message: 'Required', boxKey: 'b2', field: 'carrier' },
      { step: 0, message: 'Not found', field: 'order_number' },
    ]);
  });
});
