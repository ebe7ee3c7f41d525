import {
  approvalApproveSchema,
  approvalDeclineSchema,
  approvalListQuerySchema,
  approvalPageSchema,
  approvalParamsSchema,
  approvalRequestSchema,
  approvalSchema,
  budgetListSchema,
  budgetParamsSchema,
  budgetSchema,
  budgetUpdateSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import {
  approve,
  decline,
  getApproval,
  listApprovals,
  listBudgets,
  setBudget,
  submitApproval,
  withdraw,
  type ApprovalDeps,
} from './service';

const tags = ['approvals'];
const security = [{ bearer: [] }];

/** Order approvals (`/api/order-approvals`): see packages/contract/src/approvals.ts. */
export function approvalRoutes(deps: ApprovalDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const view = requirePermission('approvals.view');
    const decide = requirePermission('approvals.decide');
    const one = { 200: approvalSchema };

    app.get(
      '/',
      {
        preValidation: view,
        schema: {
          tags,
          security,
          querystring: approvalListQuerySchema,
          response: { 200: approvalPageSchema },
        },
      },
      async (request) => listApprovals(deps.db, contextOf(request), request.query),
    );

    app.post(
      '/',
      {
        preValidation: requirePermission('orders.place'),
        schema: { tags, security, body: approvalRequestSchema, response: { 201: approvalSchema } },
      },
      async (request, reply) => {
        const ctx = contextOf(request);
        const id = await submitApproval(deps, ctx, request.body);
        return reply.status(201).send(await getApproval(deps.db, deps, ctx, id));
      },
    );

    app.get(
      '/:id',
      {
        preValidation: view,
        schema: { tags, security, params: approvalParamsSchema, response: one },
      },
      async (request) => getApproval(deps.db, deps, contextOf(request), request.params.id),
    );

    app.post(
      '/:id/approve',
      {
        preValidation: decide,
        schema: {
          tags,
          security,
          params: approvalParamsSchema,
          body: approvalApproveSchema,
          response: one,
        },
      },
      async (request) => {
        const ctx = contextOf(request);
        await approve(deps, ctx, request.params.id, request.body);
        return getApproval(deps.db, deps, ctx, request.params.id);
      },
    );

    app.post(
      '/:id/decline',
      {
        preValidation: decide,
        schema: {
          tags,
          security,
          params: approvalParamsSchema,
          body: approvalDeclineSchema,
          response: one,
        },
      },
      async (request) => {
        const ctx = contextOf(request);
        await decline(deps, ctx, request.params.id, request.body.comment);
        return getApproval(deps.db, deps, ctx, request.params.id);
      },
    );

    app.post(
      '/:id/withdraw',
      {
        preValidation: requirePermission('orders.place'),
        schema: { tags, security, params: approvalParamsSchema, response: one },
      },
      async (request) => {
        const ctx = contextOf(request);
        await withdraw(deps, ctx, request.params.id);
        return getApproval(deps.db, deps, ctx, request.params.id);
      },
    );
  };
}

/** Purchasers' spending limits (`/api/budgets`): see packages/contract/src/approvals.ts. */
export const budgetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preValidation: requirePermission('approvals.view'),
      schema: { tags, security, response: { 200: budgetListSchema } },
    },
    async (request) => listBudgets(app.db, contextOf(request)),
  );

  app.put(
    '/:memberId',
    {
      preValidation: requirePermission('budgets.manage'),
      schema: {
        tags,
        security,
        params: budgetParamsSchema,
        body: budgetUpdateSchema,
        response: { 200: budgetSchema },
      },
    },
    async (request) => setBudget(app.db, contextOf(request), request.params.memberId, request.body),
  );
};
