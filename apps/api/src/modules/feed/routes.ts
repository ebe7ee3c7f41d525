import { Readable } from 'node:stream';
import { xmlFeedParamsSchema, xmlFeedQuerySchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogXml, openXmlFeed } from './service';

const tags = ['feed'];

export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config, settings: app.productSettings };

  // No bearer token: customers' systems fetch this link; its signed key is the authorization.
  app.get(
    '/getByUserId/:userId',
    {
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
};
