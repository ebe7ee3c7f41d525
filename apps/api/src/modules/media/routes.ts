import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { shopPictureBytes } from './shop-pictures';

/** A path names one picture that never changes (a new picture gets a new path): keep it for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pictures kept in memory once read: the demo's few hundred, a few KB each. */
const MAX_KEPT = 1_000;

const name = z.string().regex(/^[a-z0-9-]{1,40}$/);
const productParamsSchema = z.strictObject({
  kind: name,
  variant: z.string().regex(/^\d{1,3}$/),
});
const iconParamsSchema = z.strictObject({ icon: name });
const bannerParamsSchema = z.strictObject({ banner: name });
const shopPictureParamsSchema = z.strictObject({ pictureId: z.uuid() });

interface Picture {
  body: Buffer;
  etag: string;
}

/**
 * What a product without pictures shows (`placeholderImage` of the catalog): part of the app,
 * not of the media directory, so it is there in production as in the demo.
 */
const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300">
<rect width="400" height="300" fill="#f1f3f5"/>
<g fill="none" stroke="#adb5bd" stroke-width="8" stroke-linejoin="round" stroke-linecap="round">
<rect x="130" y="90" width="140" height="110" rx="10"/>
<circle cx="170" cy="125" r="12"/>
<path d="M140 190l40-40 25 25 20-20 35 35"/>
</g>
</svg>
`;

/** A strong validator: the file's content hash, the same in every process that serves it. */
const etagOf = (body: Buffer) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): a W/ prefix still matches. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

function sendSvg(request: FastifyRequest, reply: FastifyReply, picture: Picture) {
  // Set here, the app's no-store default leaves them alone; errors keep no-store.
  void reply
    .header('ETag', picture.etag)
    .header('Cache-Control', IMMUTABLE)
    // Images may be shown by a web host or CDN on another origin.
    .header('Cross-Origin-Resource-Policy', 'cross-origin');
  if (matches(request.headers['if-none-match'], picture.etag)) return reply.code(304).send();
  return reply.type('image/svg+xml; charset=utf-8').send(picture.body);
}

/**
 * Pictures of products, category icons and dashboard banners: files in the media directory
 * (`MEDIA_DIR`; the demo seed draws its pictures there once, db/seed/media), public, as `<img>`
 * loads them. Each is read once and kept with its ETag; a missing one is NOT_FOUND. Pictures staff
 * uploaded (`/pictures/{id}.webp`) are read from the database by primary key: a new picture gets
 * a new id, so a browser asks once for each, and a removed one is gone at once in every process.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { tags: ['media'] };
  const kept = new LRUCache<string, Promise<Picture | null>>({ max: MAX_KEPT });
  const read = (file: string) =>
    readFile(path.join(app.config.mediaDir, file)).then(
      (body) => ({ body, etag: etagOf(body) }),
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      },
    );
  const placeholderBody = Buffer.from(PLACEHOLDER_SVG);
  const placeholder: Picture = { body: placeholderBody, etag: etagOf(placeholderBody) };
  const picture = async (file: string) => {
    if (file.startsWith('products/placeholder/')) return placeholder;
    let found = kept.get(file);
    if (!found) {
      found = read(file);
      kept.set(file, found);
      // Neither a failed read nor a file still missing is kept: it may be there next time.
      found.then(
        (value) => value ?? kept.delete(file),
        () => kept.delete(file),
      );
    }
    const value = await found;
    if (!value) throw notFound();
    return value;
  };

  app.get(
    '/products/:kind/:variant.svg',
    { schema: { ...schema, params: productParamsSchema } },
    async (request, reply) => {
      const { kind, variant } = request.params;
      return sendSvg(request, reply, await picture(`products/${kind}/${Number(variant)}.svg`));
    },
  );

  app.get(
    '/products/:kind/:variant/thumb.svg',
    { schema: { ...schema, params: productParamsSchema } },
    async (request, reply) => {
      const { kind, variant } = request.params;
      return sendSvg(
        request,
        reply,
        await picture(`products/${kind}/${Number(variant)}/thumb.svg`),
      );
    },
  );

  app.get(
    '/categories/:icon.svg',
    { schema: { ...schema, params: iconParamsSchema } },
    async (request, reply) =>
      sendSvg(request, reply, await picture(`categories/${request.params.icon}.svg`)),
  );

  app.get(
    '/banners/:banner.svg',
    { schema: { ...schema, params: bannerParamsSchema } },
    async (request, reply) =>
      sendSvg(request, reply, await picture(`banners/${request.params.banner}.svg`)),
  );

  app.get(
    '/pictures/:pictureId.webp',
    { schema: { ...schema, params: shopPictureParamsSchema } },
    async (request, reply) => {
      const { pictureId } = request.params;
      const bytes = await shopPictureBytes(app.db, pictureId);
      if (!bytes) throw notFound();
      const etag = `"${pictureId}"`;
      void reply
        .header('ETag', etag)
        .header('Cache-Control', IMMUTABLE)
        .header('Cross-Origin-Resource-Policy', 'cross-origin');
      if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type('image/webp').send(bytes);
    },
  );
};
