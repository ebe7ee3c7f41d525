import {
  quoteAnswerSchema,
  quoteAskAgainSchema,
  quoteDeclineSchema,
  quoteListQuerySchema,
  quotePageSchema,
  quoteParamsSchema,
  quoteRequestSchema,
  quoteSchema,
  staffQuoteListQuerySchema,
  staffQuotePageSchema,
  staffQuoteSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import {
  answerQuote,
  askAgain,
  declineQuote,
  getQuote,
  getStaffQuote,
  listQuotes,
  listStaffQuotes,
  requestQuote,
  type QuotesDeps,
} from './service';

const tags = ['quotes'];
const security = [{ bearer: [] }];

/** A buyer's quotes (`/api/quotes`): see packages/contract/src/quotes.ts. */
export function quoteRoutes(deps: QuotesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const view = requirePermission('quotes.view');
    const ask = requirePermission('quotes.request');
    const one = { 200: quoteSchema };

    app.get(
      '/',
      {
        preValidation: view,
        schema: {
          tags,
          security,
          querystring: quoteListQuerySchema,
          response: { 200: quotePageSchema },
        },
      },
      async (request) => listQuotes(deps.db, contextOf(request), request.query),
    );

    app.post(
      '/',
      {
        preValidation: ask,
        schema: { tags, security, body: quoteRequestSchema, response: { 201: quoteSchema } },
      },
      async (request, reply) => {
        const quote = await requestQuote(deps, contextOf(request), request.body);
        return reply.code(201).send(quote);
      },
    );

    app.get(
      '/:id',
      { preValidation: view, schema: { tags, security, params: quoteParamsSchema, response: one } },
      async (request) => getQuote(deps.db, contextOf(request), request.params.id),
    );

    app.post(
      '/:id/ask-again',
      {
        preValidation: ask,
        schema: {
          tags,
          security,
          params: quoteParamsSchema,
          body: quoteAskAgainSchema,
          response: one,
        },
      },
      async (request) => askAgain(deps, contextOf(request), request.params.id, request.body),
    );

    app.post(
      '/:id/decline',
      {
        preValidation: ask,
        schema: {
          tags,
          security,
          params: quoteParamsSchema,
          body: quoteDeclineSchema,
          response: one,
        },
      },
      async (request) => declineQuote(deps, contextOf(request), request.params.id, request.body),
    );
  };
}

/** Staff's quotes (`/api/admin/quotes`): every company's, answered with prices. */
export function staffQuoteRoutes(deps: QuotesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const manage = requirePermission('quotes.manage');
    const one = { 200: staffQuoteSchema };

    app.get(
      '/',
      {
        preValidation: manage,
        schema: {
          tags,
          security,
          querystring: staffQuoteListQuerySchema,
          response: { 200: staffQuotePageSchema },
        },
      },
      async (request) => listStaffQuotes(deps.db, request.query),
    );

    app.get(
      '/:id',
      {
        preValidation: manage,
        schema: { tags, security, params: quoteParamsSchema, response: one },
      },
      async (request) => getStaffQuote(deps.db, contextOf(request), request.params.id),
    );

    app.post(
      '/:id/answer',
      {
        preValidation: manage,
        schema: {
          tags,
          security,
          params: quoteParamsSchema,
          body: quoteAnswerSchema,
          response: one,
        },
      },
      async (request) => answerQuote(deps, contextOf(request), request.params.id, request.body),
    );
  };
}
