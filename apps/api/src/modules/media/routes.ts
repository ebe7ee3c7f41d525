import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BANNER_IMAGES, type BannerImage } from '@portal/contract';
import { notFound } from '../../platform/errors';
import { renderBanner } from './banners';
import { PRODUCT_IMAGE_VARIANTS, isCategoryIcon, isProductImageKind } from './paths';
import { PRODUCT_THUMBNAIL_SIZE, etagOf, renderCategoryIcon, renderProductImage } from './svg';

/** A path names one fixed drawing, so a client may keep it for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const name = z.string().regex(/^[a-z0-9-]{1,40}$/);
const productParamsSchema = z.strictObject({
  kind: name,
  variant: z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number),
});
const iconParamsSchema = z.strictObject({ icon: name });
const bannerParamsSchema = z.strictObject({ banner: name });
const isBanner = (value: string): value is BannerImage =>
  (BANNER_IMAGES as readonly string[]).includes(value);

interface Rendered {
  body: string;
  etag: string;
}

// A few hundred possible images at most: render each once per process.
const rendered = new Map<string, Rendered>();
function cached(key: string, render: () => string): Rendered {
  let hit = rendered.get(key);
  if (!hit) {
    const body = render();
    hit = { body, etag: etagOf(body) };
    rendered.set(key, hit);
  }
  return hit;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): a W/ prefix still matches. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

function sendSvg(request: FastifyRequest, reply: FastifyReply, image: Rendered) {
  // Set here, the app's no-store default leaves them alone; errors keep no-store.
  void reply
    .header('ETag', image.etag)
    .header('Cache-Control', IMMUTABLE)
    // Images may be shown by a web host or CDN on another origin.
    .header('Cross-Origin-Resource-Policy', 'cross-origin');
  if (matches(request.headers['if-none-match'], image.etag)) return reply.code(304).send();
  return reply.type('image/svg+xml; charset=utf-8').send(image.body);
}

function productImage(kind: string, variant: number, size?: number): Rendered {
  if (!isProductImageKind(kind) || variant >= PRODUCT_IMAGE_VARIANTS) throw notFound();
  return cached(`${kind}/${variant}/${size ?? 'full'}`, () =>
    renderProductImage(kind, variant, size),
  );
}

/** Generated SVG pictures of products and category icons; public, as `<img>` loads them. */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { tags: ['media'] };

  app.get(
    '/products/:kind/:variant.svg',
    { schema: { ...schema, params: productParamsSchema } },
    async (request, reply) => {
      const { kind, variant } = request.params;
      return sendSvg(request, reply, productImage(kind, variant));
    },
  );

  app.get(
    '/products/:kind/:variant/thumb.svg',
    { schema: { ...schema, params: productParamsSchema } },
    async (request, reply) => {
      const { kind, variant } = request.params;
      return sendSvg(request, reply, productImage(kind, variant, PRODUCT_THUMBNAIL_SIZE));
    },
  );

  app.get(
    '/categories/:icon.svg',
    { schema: { ...schema, params: iconParamsSchema } },
    async (request, reply) => {
      const { icon } = request.params;
      if (!isCategoryIcon(icon)) throw notFound();
      return sendSvg(
        request,
        reply,
        cached(`icon/${icon}`, () => renderCategoryIcon(icon)),
      );
    },
  );

  app.get(
    '/banners/:banner.svg',
    { schema: { ...schema, params: bannerParamsSchema } },
    async (request, reply) => {
      const { banner } = request.params;
      if (!isBanner(banner)) throw notFound();
      return sendSvg(
        request,
        reply,
        cached(`banner/${banner}`, () => renderBanner(banner)),
      );
    },
  );
};
