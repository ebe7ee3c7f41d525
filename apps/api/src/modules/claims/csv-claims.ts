import {
  CLAIM_CSV_EXPORT_COLUMNS,
  CLAIM_DEMAND_ACTIONS,
  CLAIM_LIMITS,
  CLAIM_REASONS,
  isClaimable,
  type Claim,
  type ClaimBox,
  type ClaimCsvPreviewResponse,
  type ClaimCsvRow,
  type ClaimKind,
} from '@portal/contract';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../platform/auth/guard';
import { companyOf } from '../addresses';
import { toCsv } from '../../platform/csv';
import { normalizeCode, type CsvRecord } from './csv';
import { evaluateRows } from './eligibility';
import { insertClaim, lockOrders, type NewItem } from './filing';
import { messageOf, validationFailed, type Problem } from './problems';
import { getClaim, type ClaimsDeps } from './service';
import { describeClaim } from './view';

const REASONS = new Set<string>(CLAIM_REASONS);
const DEMAND_ACTIONS = new Set<string>(CLAIM_DEMAND_ACTIONS);

/** A CSV row's own problems (before any lookup), and its values made ready to evaluate. */
function checkCsvValues(record: CsvRecord) {
  const v = record.values;
  const problems: Problem[] = [];
  const orderNumber = v.order_number.trim();
  if (orderNumber === '')
    problems.push({ field: 'order_number', key: 'validation.fields_required' });
  else if (orderNumber.length !== CLAIM_LIMITS.orderNumberLength) {
    problems.push({ field: 'order_number', key: 'validation.order_number_length' });
  }
  const sku = v.sku.trim();
  if (sku === '') problems.push({ field: 'sku', key: 'validation.fields_required' });
  const quantityText = v.quantity.trim();
  const quantity = /^\d{1,9}$/.test(quantityText) ? Number(quantityText) : NaN;
  if (quantityText === '') problems.push({ field: 'quantity', key: 'validation.fields_required' });
  else if (!Number.isInteger(quantity) || quantity < 1 || quantity > CLAIM_LIMITS.maxQuantity) {
    problems.push({ field: 'quantity', key: 'validation.invalid' });
  }
  const reason = normalizeCode(v.reason);
  const demandAction = normalizeCode(v.demand_action);
  for (const [field, value, allowed] of [
    ['reason', reason, REASONS],
    ['demand_action', demandAction, DEMAND_ACTIONS],
  ] as const) {
    if (value === '') problems.push({ field, key: 'validation.reason_demand_required' });
    else if (!allowed.has(value)) {
      problems.push({
        field,
        key: 'validation.choose_one_of',
        vars: { options: [...allowed].join(', ') },
      });
    }
  }
  if (v.comment.length > CLAIM_LIMITS.commentMaxLength) {
    problems.push({
      field: 'comment',
      key: 'validation.too_long',
      vars: { max: CLAIM_LIMITS.commentMaxLength },
    });
  }
  const lookable = !problems.some(
    (p) => p.field === 'order_number' || p.field === 'sku' || p.field === 'quantity',
  );
  return {
    problems,
    lookable,
    orderNumber,
    sku,
    quantity,
    reason,
    demandAction,
    comment: v.comment,
  };
}

interface CheckedCsv {
  rows: ClaimCsvRow[];
  items: NewItem[];
}

/** Checks every row: its values, then (when they allow) its eligibility; valid rows become items. */
async function checkCsv(
  db: Executor,
  ctx: RequestContext,
  kind: ClaimKind,
  records: CsvRecord[],
  windowDays: number,
): Promise<CheckedCsv> {
  const checked = records.map(checkCsvValues);
  const lookable = checked.filter((c) => c.lookable);
  const evaluated = await evaluateRows(
    db,
    companyOf(ctx),
    kind,
    lookable.map((c) => ({ orderNumber: c.orderNumber, sku: c.sku, quantity: c.quantity })),
    windowDays,
  );
  const results = new Map(lookable.map((c, index) => [c, evaluated[index]!]));
  const items: NewItem[] = [];
  const rows = records.map((record, index): ClaimCsvRow => {
    const c = checked[index]!;
    const result = results.get(c);
    const problems = [...c.problems];
    if (result?.eligibility === 'exceed') {
      problems.push({
        field: 'quantity',
        key: 'validation.quantity_exceeds_limit',
        vars: { max: result.claimable },
      });
    } else if (result && !isClaimable(result.eligibility)) {
      problems.push({
        field: '',
        key: 'validation.item_not_eligible',
        vars: { eligibility: result.eligibility },
      });
    }
    const valid = problems.length === 0 && result !== undefined;
    if (valid && result.order) {
      items.push({
        order: result.order,
        sku: c.sku,
        quantity: c.quantity,
        reason: c.reason,
        demandAction: c.demandAction,
        comment: c.comment || null,
        eligibility: result.eligibility,
      });
    }
    return {
      line: record.line,
      // A recognised reason or demand ("Product defect") is answered as its code, which the
      // preview shows in the reader's language.
      values: {
        ...record.values,
        reason: REASONS.has(c.reason) ? c.reason : record.values.reason,
        demand_action: DEMAND_ACTIONS.has(c.demandAction)
          ? c.demandAction
          : record.values.demand_action,
      },
      title: result?.line?.title ?? null,
      eligibility: result?.eligibility ?? null,
      errors: problems.map((p) => ({
        field: p.field,
        key: p.key,
        vars: p.vars ?? {},
        message: messageOf(ctx, p),
      })),
      valid,
    };
  });
  return { rows, items };
}

/** `POST /claims/csv/preview`: every row with its eligibility and errors; nothing is written. */
export async function previewCsvClaim(
  deps: ClaimsDeps,
  ctx: RequestContext,
  kind: ClaimKind,
  file: { name: string; delimiter: ',' | ';'; records: CsvRecord[] },
): Promise<ClaimCsvPreviewResponse> {
  const { rows } = await checkCsv(deps.db, ctx, kind, file.records, await deps.returnWindowDays());
  const valid = rows.filter((row) => row.valid).length;
  return {
    kind,
    file_name: file.name,
    delimiter: file.delimiter,
    total_rows: rows.length,
    valid_rows: valid,
    invalid_rows: rows.length - valid,
    rows,
  };
}

/** `POST /claims/csv`: the valid rows of the file become one claim (none valid: refused). */
export async function createCsvClaim(
  deps: ClaimsDeps,
  ctx: RequestContext,
  input: { kind: ClaimKind; records: CsvRecord[]; boxes: ClaimBox[]; comment: string | null },
): Promise<Claim> {
  const companyId = companyOf(ctx);
  const windowDays = await deps.returnWindowDays();
  const row = await deps.db.transaction(async (tx) => {
    await lockOrders(tx, companyId, [
      ...new Set(input.records.map((record) => record.values.order_number.trim())),
    ]);
    const { items } = await checkCsv(tx, ctx, input.kind, input.records, windowDays);
    if (items.length === 0) {
      throw validationFailed(ctx, [{ field: 'file', key: 'validation.csv_no_valid_rows' }]);
    }
    return insertClaim(tx, ctx, deps.config, {
      kind: input.kind,
      source: 'csv',
      comment: input.comment,
      boxes: input.boxes,
      items,
    });
  });
  return describeClaim(deps.db, row);
}

/** The claim's items as CSV; every cell is text (formula-looking cells get a leading '). */
export async function exportClaimCsv(db: Executor, ctx: RequestContext, claimId: string) {
  const claim = await getClaim(db, ctx, claimId);
  const csv = toCsv([
    [...CLAIM_CSV_EXPORT_COLUMNS],
    ...claim.items.map((item) => [
      item.order.order_number,
      item.sku,
      item.quantity,
      item.reason,
      item.demand_action,
      item.comment,
      item.title,
      item.eligibility,
      item.item_status,
      item.tracking_number,
      item.credit_note_number,
    ]),
  ]);
  return { claim, csv };
}
