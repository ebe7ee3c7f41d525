import {
  adminClaimListQuerySchema,
  adminClaimListResponseSchema,
  approveClaimItemRequestSchema,
  claimIdParamsSchema,
  claimItemParamsSchema,
  claimSchema,
  receiveClaimItemRequestSchema,
  refundClaimItemRequestSchema,
  rejectClaimItemRequestSchema,
  replacementClaimItemRequestSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import {
  approveClaimItem,
  closeClaim,
  getAnyClaim,
  listAllClaims,
  receiveClaimItem,
  refundClaimItem,
  rejectClaimItem,
  sendReplacement,
} from './admin';
import { attachmentDownloadRoutes } from './attachment-routes';
import type { ClaimsDeps } from './service';

const tags = ['admin', 'claims'];
const security = [{ bearer: [] }];

/** Back-office: every company's claims and the staff actions on their items. */
export function adminClaimRoutes(deps: ClaimsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = requirePermission('claims.manage');
    const itemAction = { preValidation, schema: { tags, security, params: claimItemParamsSchema } };

    app.get(
      '/',
      {
        preValidation,
        schema: {
          tags,
          security,
          querystring: adminClaimListQuerySchema,
          response: { 200: adminClaimListResponseSchema },
        },
      },
      async (request) => listAllClaims(deps.db, request.query),
    );

    app.get(
      '/:id',
      {
        preValidation,
        schema: { tags, security, params: claimIdParamsSchema, response: { 200: claimSchema } },
      },
      async (request) => getAnyClaim(deps.db, request.params.id),
    );

    attachmentDownloadRoutes(app, { db: deps.db, tags, preValidation, companyIdOf: () => null });

    app.post(
      '/:id/items/:itemId/approve',
      {
        ...itemAction,
        schema: {
          ...itemAction.schema,
          summary: 'Approve an item: pending → processing (the claim becomes approved)',
          body: approveClaimItemRequestSchema.nullish(),
          response: { 200: claimSchema },
        },
      },
      async (request) =>
        approveClaimItem(
          deps.db,
          contextOf(request),
          request.params.id,
          request.params.itemId,
          request.body ?? {},
        ),
    );

    app.post(
      '/:id/items/:itemId/reject',
      {
        ...itemAction,
        schema: {
          ...itemAction.schema,
          summary: 'Reject an item: pending → failed',
          body: rejectClaimItemRequestSchema.nullish(),
          response: { 200: claimSchema },
        },
      },
      async (request) =>
        rejectClaimItem(
          deps.db,
          contextOf(request),
          request.params.id,
          request.params.itemId,
          request.body ?? {},
        ),
    );

    app.post(
      '/:id/items/:itemId/receive',
      {
        ...itemAction,
        schema: {
          ...itemAction.schema,
          summary: 'Record the goods received for an approved item',
          body: receiveClaimItemRequestSchema.nullish(),
          response: { 200: claimSchema },
        },
      },
      async (request) =>
        receiveClaimItem(
          deps.db,
          contextOf(request),
          request.params.id,
          request.params.itemId,
          request.body ?? {},
          deps.onStockChanged,
        ),
    );

    app.post(
      '/:id/items/:itemId/replacement',
      {
        ...itemAction,
        schema: {
          ...itemAction.schema,
          summary: 'Send a replacement: processing → completed, notifies replacement_sent',
          body: replacementClaimItemRequestSchema,
          response: { 200: claimSchema },
        },
      },
      async (request) =>
        sendReplacement(
          deps.db,
          deps.config,
          contextOf(request),
          request.params.id,
          request.params.itemId,
          request.body,
        ),
    );

    app.post(
      '/:id/items/:itemId/refund',
      {
        ...itemAction,
        schema: {
          ...itemAction.schema,
          summary: 'Refund with a credit note: processing → completed, notifies new_creditmemo',
          body: refundClaimItemRequestSchema,
          response: { 200: claimSchema },
        },
      },
      async (request) =>
        refundClaimItem(
          deps.db,
          deps.config,
          contextOf(request),
          request.params.id,
          request.params.itemId,
          request.body,
        ),
    );

    app.post(
      '/:id/close',
      {
        preValidation,
        schema: {
          tags,
          security,
          summary: 'Close a claim: draft or approved → closed',
          params: claimIdParamsSchema,
          response: { 200: claimSchema },
        },
      },
      async (request) => closeClaim(deps.db, contextOf(request), request.params.id),
    );
  };
}
