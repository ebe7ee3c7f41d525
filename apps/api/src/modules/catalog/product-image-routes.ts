import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { productImageBytes } from './product-images';

/** An uploaded picture never changes (a new one gets a new id): kept by browsers for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const paramsSchema = z.strictObject({ imageId: z.uuid() });

/**
 * The pictures staff uploaded for products (`/api/media/product-images/{id}.webp` and
 * `…/{id}/thumb.webp`), public as `<img>` loads them, read from the database by primary key: a
 * browser asks once for each (immutable), and a removed picture is gone at once in every process.
 */
export const productImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const serve = (size: 'detail' | 'thumbnail') =>
    app.get(
      size === 'detail' ? '/:imageId.webp' : '/:imageId/thumb.webp',
      { schema: { tags: ['media'], params: paramsSchema } },
      async (request, reply) => {
        const { imageId } = request.params;
        const bytes = await productImageBytes(app.db, imageId, size);
        if (!bytes) throw notFound();
        const etag = `"${imageId}-${size}"`;
        void reply
          .header('ETag', etag)
          .header('Cache-Control', IMMUTABLE)
          .header('Cross-Origin-Resource-Policy', 'cross-origin');
        if (request.headers['if-none-match']?.includes(etag)) return reply.code(304).send();
        return reply.type('image/webp').send(bytes);
      },
    );
  serve('detail');
  serve('thumbnail');
};
