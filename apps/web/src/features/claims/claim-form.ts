import {
  CLAIM_LIMITS,
  type ClaimBox,
  type ClaimDemandAction,
  type ClaimKind,
  type ClaimOrderLine,
  type ClaimReason,
  type CreateClaimRequest,
  type ErrorDetail,
  type ValidationKey,
} from '@portal/contract';

/**
 * The claim form's rules, step by step, with SPEC section 5's messages as the contract's
 * validation keys. The server checks the same again; these spare a round trip.
 */

export type ClaimSource = 'order' | 'file';

export interface LineDraft {
  selected: boolean;
  quantity: number | '';
  reason: ClaimReason | '';
  demand_action: ClaimDemandAction | '';
}

export interface BoxDraft {
  /** A stable React key; boxes are added and removed anywhere in the list. */
  key: string;
  carrier: string;
  tracking_code: string;
  number_of_boxes: number | '';
}

export type LineErrors = Partial<Record<'quantity' | 'reason' | 'demand_action', ValidationKey>>;
export type BoxErrors = Partial<
  Record<'carrier' | 'tracking_code' | 'number_of_boxes', ValidationKey>
>;

/** Step 1: an order number of exactly 10 characters, or a file. */
export function checkSource(
  source: ClaimSource,
  orderNumber: string,
  file: File | null,
): ValidationKey | null {
  if (source === 'file') return file ? null : 'validation.file_required';
  const value = orderNumber.trim();
  if (!value) return 'validation.claim_source_required';
  return value.length === CLAIM_LIMITS.orderNumberLength ? null : 'validation.order_number_length';
}

const BINARY_SIGNATURES = [
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x50, 0x4b, 0x03, 0x04], // zip: .xlsx, .ods
  [0xd0, 0xcf, 0x11, 0xe0], // OLE: .xls
];

/**
 * Whether a chosen file can be a CSV: its name, its size and its first bytes (text, not a
 * spreadsheet or PDF renamed). Control characters other than tab and line ends mean binary.
 */
export function checkCsvFile(name: string, size: number, head: Uint8Array): ValidationKey | null {
  if (!/\.csv$/i.test(name.trim())) return 'validation.csv_only';
  if (size === 0) return 'validation.csv_empty';
  if (size > CLAIM_LIMITS.csvMaxBytes) return 'validation.csv_too_large';
  if (BINARY_SIGNATURES.some((signature) => signature.every((byte, i) => head[i] === byte))) {
    return 'validation.csv_not_text';
  }
  for (const byte of head) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d)
      return 'validation.csv_not_text';
  }
  return null;
}

/** Step 2: at least one line, each with a quantity within what is left, a reason and a demand. */
export function checkLines(
  orderLines: ClaimOrderLine[],
  drafts: Record<string, LineDraft>,
): { message: ValidationKey | null; lines: Record<string, LineErrors> } {
  const chosen = orderLines.filter((line) => drafts[line.sku]?.selected);
  if (chosen.length === 0) return { message: 'validation.select_item', lines: {} };
  const lines: Record<string, LineErrors> = {};
  for (const line of chosen) {
    const draft = drafts[line.sku] as LineDraft;
    const errors: LineErrors = {};
    if (draft.quantity === '' || draft.quantity < 1) errors.quantity = 'validation.fields_required';
    else if (draft.quantity > line.quantity_claimable) {
      errors.quantity = 'validation.quantity_exceeds_limit';
    }
    if (!draft.reason) errors.reason = 'validation.reason_demand_required';
    if (!draft.demand_action) errors.demand_action = 'validation.reason_demand_required';
    if (Object.keys(errors).length) lines[line.sku] = errors;
  }
  const first = Object.values(lines)[0];
  const message = first ? (first.reason ?? first.demand_action ?? first.quantity ?? null) : null;
  return { message, lines };
}

/** Step 3: at least one box, each with carrier, tracking code and a number of boxes. */
export function checkBoxes(boxes: BoxDraft[]): {
  message: ValidationKey | null;
  boxes: Record<string, BoxErrors>;
} {
  if (boxes.length === 0) return { message: 'validation.shipping_box_required', boxes: {} };
  const errors: Record<string, BoxErrors> = {};
  for (const box of boxes) {
    const missing: BoxErrors = {};
    if (!box.carrier.trim()) missing.carrier = 'validation.shipping_details_required';
    if (!box.tracking_code.trim()) missing.tracking_code = 'validation.shipping_details_required';
    if (box.number_of_boxes === '' || box.number_of_boxes < 1) {
      missing.number_of_boxes = 'validation.shipping_details_required';
    }
    if (Object.keys(missing).length) errors[box.key] = missing;
  }
  return {
    message: Object.keys(errors).length ? 'validation.shipping_details_required' : null,
    boxes: errors,
  };
}

export function toBoxes(boxes: BoxDraft[]): ClaimBox[] {
  return boxes.map((box) => ({
    carrier: box.carrier.trim(),
    tracking_code: box.tracking_code.trim(),
    number_of_boxes: Number(box.number_of_boxes),
  }));
}

/** The `POST /claims` body: the chosen lines in the order's order. */
export function toCreateClaimRequest(
  kind: ClaimKind,
  orderNumber: string,
  orderLines: ClaimOrderLine[],
  drafts: Record<string, LineDraft>,
  boxes: BoxDraft[],
  comment: string,
): CreateClaimRequest {
  const items = orderLines
    .filter((line) => drafts[line.sku]?.selected)
    .map((line) => {
      const draft = drafts[line.sku] as LineDraft;
      return {
        sku: line.sku,
        quantity: Number(draft.quantity),
        reason: draft.reason as ClaimReason,
        demand_action: draft.demand_action as ClaimDemandAction,
      };
    });
  return {
    kind,
    order_number: orderNumber.trim(),
    items,
    boxes: toBoxes(boxes),
    comment: comment.trim() || undefined,
  };
}

export type ClaimStep = 0 | 1 | 2 | 3;

/** Where a server field error belongs: the step, and the line (sku) or box (key) and field. */
export interface PlacedError {
  step: ClaimStep;
  message: string;
  sku?: string;
  boxKey?: string;
  field?: string;
}

/** Places the server's field details (`items.0.quantity`, `boxes.1.carrier`) on the form. */
export function placeServerErrors(
  details: ErrorDetail[],
  request: Pick<CreateClaimRequest, 'items'>,
  boxes: BoxDraft[],
): PlacedError[] {
  return details.map(({ field, message }): PlacedError => {
    const [head, index, name] = field.split('.');
    if (head === 'items') {
      const sku = index === undefined ? undefined : request.items[Number(index)]?.sku;
      return { step: 1, message, sku, field: name };
    }
    if (head === 'boxes') {
      const boxKey = index === undefined ? undefined : boxes[Number(index)]?.key;
      return { step: 2, message, boxKey, field: name };
    }
    if (head === 'comment') return { step: 1, message, field: 'comment' };
    return { step: 0, message, field: head };
  });
}
