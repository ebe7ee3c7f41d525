import { Readable } from 'node:stream';
import { xmlFeedLinkSchema, xmlFeedParamsSchema, xmlFeedQuerySchema } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import { catalogXml, openXmlFeed, renewXmlFeedLink, type FeedDeps } from './service';

const tags = ['feed'];

/**
 * Fetches of one feed link: a customer's system reading the whole catalog every few minutes
 * stays far below, while one leaked link cannot keep the database busy.
 */
const FEED_RATE_LIMIT = { max: 30, timeWindowMs: 10 * 60_000 };

export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: FeedDeps = {
    db: app.db,
    config: app.config,
    settings: app.productSettings,
    unitPricesOf: (companyId) => app.priceBooks.unitPricesOf(companyId),
  };

  // No bearer token: customers' systems fetch this link; its stored key is the authorization.
  app.get(
    '/getByUserId/:userId',
    {
      config: {
        rateLimit: {
          max: FEED_RATE_LIMIT.max,
          timeWindow: FEED_RATE_LIMIT.timeWindowMs,
          // Counted per link (user and key), whatever the address it is fetched from.
          keyGenerator: (request: FastifyRequest) => {
            const { userId } = request.params as { userId?: string };
            const { key } = request.query as { key?: string };
            return `xml-feed:${String(userId)}:${String(key)}`;
          },
          errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
            new AppError('RATE_LIMITED', 'errors.rate_limited', {
              seconds: Math.max(1, Math.ceil(context.ttl / 1000)),
            }),
        },
      },
      schema: {
        tags,
        description: 'The catalog as XML for the link shown to owners (key from /auth/me).',
        params: xmlFeedParamsSchema,
        querystring: xmlFeedQuerySchema,
      },
    },
    async (request, reply) => {
      const feed = await openXmlFeed(deps, request.params.userId, request.query.key);
      return reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', 'inline; filename="catalog.xml"')
        .send(Readable.from(catalogXml(deps, feed)));
    },
  );

  app.post(
    '/renew-link',
    {
      preHandler: requirePermission('xml_feed.view'),
      schema: {
        tags,
        security: [{ bearer: [] }],
        description:
          "Replaces the caller's feed link with a new one; the old link stops working at once.",
        response: { 200: xmlFeedLinkSchema },
      },
    },
    async (request) => renewXmlFeedLink(deps, contextOf(request).userId),
  );
};
