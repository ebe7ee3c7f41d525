import { cartResponseSchema, cartUpdateRequestSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import { clearMyCart, getMyCart, updateMyCart, type CartDeps } from './service';

const tags = ['cart'];
const security = [{ bearer: [] }];

/** The caller's cart (SPEC section 7: /carts/my-cart, create-or-update, clear-my-cart). */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: CartDeps = {
    db: app.db,
    productSettings: app.productSettings,
    catalog: app.catalog,
    priceBooks: app.priceBooks,
  };
  const preValidation = requirePermission('cart.use');

  app.get(
    '/my-cart',
    { preValidation, schema: { tags, security, response: { 200: cartResponseSchema } } },
    async (request) => getMyCart(deps, contextOf(request)),
  );

  app.post(
    '/create-or-update',
    {
      preValidation,
      schema: {
        tags,
        security,
        body: cartUpdateRequestSchema,
        response: { 200: cartResponseSchema },
      },
    },
    async (request) => updateMyCart(deps, contextOf(request), request.body),
  );

  app.delete(
    '/clear-my-cart',
    { preValidation, schema: { tags, security, response: { 200: cartResponseSchema } } },
    async (request) => clearMyCart(deps, contextOf(request)),
  );
};
