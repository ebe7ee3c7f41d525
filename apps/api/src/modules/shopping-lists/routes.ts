import {
  cartResponseSchema,
  shoppingListCopySchema,
  shoppingListCreateSchema,
  shoppingListFromOrderParamsSchema,
  shoppingListLineInputSchema,
  shoppingListLineParamsSchema,
  shoppingListLineUpdateSchema,
  shoppingListPageSchema,
  shoppingListParamsSchema,
  shoppingListQuerySchema,
  shoppingListSchema,
  shoppingListToCartSchema,
  shoppingListUpdateSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import {
  addShoppingListLine,
  createFromCart,
  createFromOrder,
  createShoppingList,
  deleteShoppingList,
  deleteShoppingListLine,
  getShoppingList,
  listShoppingLists,
  orderShoppingList,
  updateShoppingList,
  updateShoppingListLine,
  type ShoppingListDeps,
} from './service';

const tags = ['shopping lists'];
const security = [{ bearer: [] }];

/** Shopping lists (`/api/shopping-lists`): see packages/contract/src/shopping-lists.ts. */
export const shoppingListRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ShoppingListDeps = {
    db: app.db,
    catalog: app.catalog,
    productSettings: app.productSettings,
    priceBooks: app.priceBooks,
  };
  const view = requirePermission('shopping_lists.view');
  const use = requirePermission('shopping_lists.use');
  const list = { 200: shoppingListSchema };

  app.get(
    '/',
    {
      preValidation: view,
      schema: {
        tags,
        security,
        querystring: shoppingListQuerySchema,
        response: { 200: shoppingListPageSchema },
      },
    },
    async (request) => listShoppingLists(deps, contextOf(request), request.query.page),
  );

  app.post(
    '/',
    {
      preValidation: use,
      schema: {
        tags,
        security,
        body: shoppingListCreateSchema,
        response: { 201: shoppingListSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createShoppingList(deps, contextOf(request), request.body)),
  );

  app.post(
    '/from-cart',
    {
      preValidation: use,
      schema: {
        tags,
        security,
        body: shoppingListCopySchema,
        response: { 201: shoppingListSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createFromCart(deps, contextOf(request), request.body)),
  );

  app.post(
    '/from-order/:orderId',
    {
      preValidation: use,
      schema: {
        tags,
        security,
        params: shoppingListFromOrderParamsSchema,
        body: shoppingListCopySchema,
        response: { 201: shoppingListSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createFromOrder(deps, contextOf(request), request.params.orderId, request.body),
        ),
  );

  app.get(
    '/:id',
    {
      preValidation: view,
      schema: { tags, security, params: shoppingListParamsSchema, response: list },
    },
    async (request) => getShoppingList(deps, contextOf(request), request.params.id),
  );

  app.patch(
    '/:id',
    {
      preValidation: use,
      schema: {
        tags,
        security,
        params: shoppingListParamsSchema,
        body: shoppingListUpdateSchema,
        response: list,
      },
    },
    async (request) =>
      updateShoppingList(deps, contextOf(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    { preValidation: use, schema: { tags, security, params: shoppingListParamsSchema } },
    async (request, reply) => {
      await deleteShoppingList(deps, contextOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/:id/lines',
    {
      preValidation: use,
      schema: {
        tags,
        security,
        params: shoppingListParamsSchema,
        body: shoppingListLineInputSchema,
        response: list,
      },
    },
    async (request) =>
      addShoppingListLine(deps, contextOf(request), request.params.id, request.body),
  );

  app.patch(
    '/:id/lines/:productId',
    {
      preValidation: use,
      schema: {
        tags,
        security,
        params: shoppingListLineParamsSchema,
        body: shoppingListLineUpdateSchema,
        response: list,
      },
    },
    async (request) =>
      updateShoppingListLine(
        deps,
        contextOf(request),
        request.params.id,
        request.params.productId,
        request.body,
      ),
  );

  app.delete(
    '/:id/lines/:productId',
    {
      preValidation: use,
      schema: { tags, security, params: shoppingListLineParamsSchema, response: list },
    },
    async (request) =>
      deleteShoppingListLine(deps, contextOf(request), request.params.id, request.params.productId),
  );

  app.post(
    '/:id/add-to-cart',
    {
      preValidation: requirePermission('cart.use'),
      schema: {
        tags,
        security,
        summary: 'Every line, or the chosen ones, into the cart in one transaction, or none (409)',
        params: shoppingListParamsSchema,
        body: shoppingListToCartSchema,
        response: { 200: cartResponseSchema },
      },
    },
    async (request) => orderShoppingList(deps, contextOf(request), request.params.id, request.body),
  );
};
