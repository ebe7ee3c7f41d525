import multipart from '@fastify/multipart';
import {
  CLAIM_ATTACHMENT_LIMITS,
  CLAIM_CSV_TEMPLATE_FILE_NAME,
  CLAIM_LIMITS,
  claimAttachmentParamsSchema,
  claimAttachmentSchema,
  claimCsvFieldsSchema,
  claimCsvPreviewResponseSchema,
  claimIdParamsSchema,
  claimListQuerySchema,
  claimListResponseSchema,
  claimOrderParamsSchema,
  claimOrderQuerySchema,
  claimOrderResponseSchema,
  claimSchema,
  createClaimRequestSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import { RequestValidationError } from '../../platform/validation';
import { companyOf } from '../addresses';
import { attachmentDownloadRoutes } from './attachment-routes';
import { addClaimAttachment, deleteClaimAttachment, readAttachmentUpload } from './attachments';
import { claimCsvTemplate } from './csv';
import { createCsvClaim, exportClaimCsv, previewCsvClaim } from './csv-claims';
import { createClaim, getClaim, listClaims, lookupClaimOrder, type ClaimsDeps } from './service';
import { boxesOf, readClaimUpload } from './upload';

const tags = ['claims'];
const security = [{ bearer: [] }];

/** Fields of a text/csv upload (a multipart upload sends them as form fields instead). */
const csvQuerySchema = z.strictObject({
  kind: z.string().optional(),
  file_name: z.string().max(255).optional(),
  boxes: z.string().max(100_000).optional(),
  comment: z.string().max(CLAIM_LIMITS.commentMaxLength).optional(),
});

const csvUploadDescription =
  'multipart/form-data with `file` (a .csv file, UTF-8 with or without BOM, comma or semicolon, ' +
  `at most ${CLAIM_LIMITS.csvMaxBytes / 1_048_576} MB and ${CLAIM_LIMITS.csvMaxRows} rows) and ` +
  '`kind` (return | warranty); or a text/csv body with `kind` (and `file_name`) in the query.';

function kindOf(fields: Record<string, string>) {
  const parsed = claimCsvFieldsSchema.safeParse({ kind: fields.kind });
  if (!parsed.success) throw new RequestValidationError(parsed.error.issues);
  return parsed.data.kind;
}

/** The company's returns and warranty claims: form lookup and filing, CSV bulk claims, lists. */
export function claimRoutes(deps: ClaimsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart);
    app.addContentTypeParser(
      'text/csv',
      { parseAs: 'buffer', bodyLimit: CLAIM_LIMITS.csvMaxBytes },
      (_request, body, done) => done(null, body),
    );
    const view = requirePermission('claims.view');
    const file = requirePermission('claims.file');

    app.get(
      '/order/:orderNumber',
      {
        preValidation: file,
        schema: {
          tags,
          security,
          summary: 'The order as the claim form shows it: lines, claimable quantities, eligibility',
          params: claimOrderParamsSchema,
          querystring: claimOrderQuerySchema,
          response: { 200: claimOrderResponseSchema },
        },
      },
      async (request) =>
        lookupClaimOrder(deps, contextOf(request), request.params.orderNumber, request.query.kind),
    );

    app.post(
      '/',
      {
        preValidation: file,
        schema: {
          tags,
          security,
          summary: 'File a return or warranty claim from the form',
          body: createClaimRequestSchema,
          response: { 201: claimSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createClaim(deps, contextOf(request), request.body)),
    );

    app.get(
      '/csv/template',
      {
        preValidation: file,
        schema: { tags, security, summary: 'The CSV template', produces: ['text/csv'] },
      },
      async (_request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${CLAIM_CSV_TEMPLATE_FILE_NAME}"`)
          .send(claimCsvTemplate()),
    );

    app.post(
      '/csv/preview',
      {
        preValidation: file,
        // Up to 10,000 rows built by the service from typed values: written out as they are
        // rather than re-checked against the schema (which outside production costs seconds).
        serializerCompiler: () => (data) => JSON.stringify(data),
        schema: {
          tags,
          security,
          summary: 'Check a CSV file: each row with its eligibility and errors; nothing is saved',
          description: csvUploadDescription,
          consumes: ['multipart/form-data', 'text/csv'],
          querystring: csvQuerySchema,
          response: { 200: claimCsvPreviewResponseSchema },
        },
      },
      async (request) => {
        const ctx = contextOf(request);
        const upload = await readClaimUpload(request, ctx, request.query);
        const kind = kindOf(upload.fields);
        return previewCsvClaim(deps, ctx, kind, {
          name: upload.name,
          delimiter: upload.csv.delimiter,
          records: upload.csv.records,
        });
      },
    );

    app.post(
      '/csv',
      {
        preValidation: file,
        schema: {
          tags,
          security,
          summary: "File one claim from a CSV file's valid rows",
          description: `${csvUploadDescription} Also \`boxes\`: a JSON array of {carrier, tracking_code, number_of_boxes}, and an optional \`comment\`.`,
          consumes: ['multipart/form-data', 'text/csv'],
          querystring: csvQuerySchema,
          response: { 201: claimSchema },
        },
      },
      async (request, reply) => {
        const ctx = contextOf(request);
        const upload = await readClaimUpload(request, ctx, request.query);
        const kind = kindOf(upload.fields);
        const boxes = boxesOf(upload.fields.boxes);
        const comment = upload.fields.comment?.trim().slice(0, CLAIM_LIMITS.commentMaxLength);
        const claim = await createCsvClaim(deps, ctx, {
          kind,
          records: upload.csv.records,
          boxes,
          comment: comment || null,
        });
        return reply.status(201).send(claim);
      },
    );

    app.get(
      '/',
      {
        preValidation: view,
        schema: {
          tags,
          security,
          summary: 'The company claims (returns or warranty), newest first',
          querystring: claimListQuerySchema,
          response: { 200: claimListResponseSchema },
        },
      },
      async (request) => listClaims(deps.db, contextOf(request), request.query),
    );

    app.get(
      '/:id',
      {
        preValidation: view,
        schema: {
          tags,
          security,
          params: claimIdParamsSchema,
          response: { 200: claimSchema },
        },
      },
      async (request) => getClaim(deps.db, contextOf(request), request.params.id),
    );

    app.get(
      '/:id/csv',
      {
        preValidation: view,
        schema: {
          tags,
          security,
          summary: "The claim's items as CSV",
          params: claimIdParamsSchema,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const { claim, csv } = await exportClaimCsv(deps.db, contextOf(request), request.params.id);
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="claim-${claim.claim_number}.csv"`)
          .send(csv);
      },
    );

    app.post(
      '/:id/attachments',
      {
        preValidation: file,
        schema: {
          tags,
          security,
          summary: 'Add a photo or file to a claim that is not closed',
          description:
            'multipart/form-data with one `file`: a JPEG, PNG or WebP picture or a PDF file ' +
            `(recognised by its content) of at most ${CLAIM_ATTACHMENT_LIMITS.maxBytes / 1_048_576} MB; ` +
            `a claim holds at most ${CLAIM_ATTACHMENT_LIMITS.maxPerClaim}.`,
          consumes: ['multipart/form-data'],
          params: claimIdParamsSchema,
          response: { 201: claimAttachmentSchema },
        },
      },
      async (request, reply) => {
        const ctx = contextOf(request);
        const upload = await readAttachmentUpload(request, ctx);
        const attachment = await addClaimAttachment(deps.db, ctx, request.params.id, upload);
        return reply.status(201).send(attachment);
      },
    );

    attachmentDownloadRoutes(app, {
      db: deps.db,
      tags,
      preValidation: view,
      companyIdOf: (request) => companyOf(contextOf(request)),
    });

    app.delete(
      '/:id/attachments/:attachmentId',
      {
        preValidation: file,
        schema: {
          tags,
          security,
          summary: 'Remove a photo or file while the claim is still a draft',
          params: claimAttachmentParamsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const { id, attachmentId } = request.params;
        await deleteClaimAttachment(deps.db, contextOf(request), id, attachmentId);
        return reply.status(204).send(null);
      },
    );
  };
}
