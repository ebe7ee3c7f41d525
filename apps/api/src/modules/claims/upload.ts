import { CLAIM_LIMITS, createClaimRequestSchema, type ClaimBox } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../../platform/auth/guard';
import { nulCharacterError, RequestValidationError } from '../../platform/validation';
import { CsvFileError, decodeCsvText, parseClaimCsv, type ParsedCsv } from './csv';
import { validationFailed } from './problems';

export interface ClaimUpload {
  fields: Record<string, string>;
  name: string;
  csv: ParsedCsv;
}

const tooLarge = () =>
  new CsvFileError('validation.csv_too_large', { max: CLAIM_LIMITS.csvMaxBytes / 1_048_576 });

async function readParts(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Buffer } | null = null;
  const parts = request.parts({
    limits: { fileSize: CLAIM_LIMITS.csvMaxBytes, files: 1, fields: 10, fieldSize: 100_000 },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      try {
        file = { name: part.filename, bytes: await part.toBuffer() };
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw error;
      }
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, file };
}

/**
 * The uploaded claims file: multipart/form-data (`file` plus fields) or a text/csv body (fields
 * from the query). The name must end in .csv and the bytes must be UTF-8 text; then it is parsed.
 * Every problem is a VALIDATION_ERROR on the field `file`, in the request's language.
 */
export async function readClaimUpload(
  request: FastifyRequest,
  ctx: RequestContext,
  query: Record<string, string | undefined>,
): Promise<ClaimUpload> {
  try {
    let fields: Record<string, string> = {};
    let file: { name: string; bytes: Buffer } | null = null;
    if (request.isMultipart()) {
      ({ fields, file } = await readParts(request));
    } else if (Buffer.isBuffer(request.body)) {
      fields = Object.fromEntries(
        Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
      file = { name: query.file_name ?? 'upload.csv', bytes: request.body };
    }
    if (!file || file.bytes.length === 0) {
      throw validationFailed(ctx, [{ field: 'file', key: 'validation.file_required' }]);
    }
    const nul = nulCharacterError({ ...fields, file: file.name });
    if (nul) throw nul;
    if (!/\.csv$/i.test(file.name.trim())) {
      throw validationFailed(ctx, [{ field: 'file', key: 'validation.csv_only' }]);
    }
    return { fields, name: file.name, csv: parseClaimCsv(decodeCsvText(file.bytes)) };
  } catch (error) {
    if (error instanceof CsvFileError) {
      const status = error.key === 'validation.csv_too_large' ? 413 : 400;
      throw validationFailed(ctx, [{ field: 'file', key: error.key, vars: error.vars }], status);
    }
    throw error;
  }
}

/** The shipping boxes of a CSV claim: a JSON array in the `boxes` field, checked like the form's. */
export function boxesOf(text: string | undefined): ClaimBox[] {
  let value: unknown = [];
  if (text !== undefined && text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      value = null;
    }
  }
  const parsed = createClaimRequestSchema.shape.boxes.safeParse(value);
  if (!parsed.success) {
    throw new RequestValidationError(
      parsed.error.issues.map((issue) => ({ ...issue, path: ['boxes', ...issue.path] })),
    );
  }
  return parsed.data;
}
