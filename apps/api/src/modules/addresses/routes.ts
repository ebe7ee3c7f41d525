import {
  addressKindParamsSchema,
  addressListResponseSchema,
  addressParamsSchema,
  addressRequestSchema,
  addressSchema,
  messageResponseSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import { t } from '../../platform/i18n';
import { createAddress, deleteAddress, listAddresses, updateAddress } from './service';

const tags = ['addresses'];
const security = [{ bearer: [] }];

/** The company's delivery and invoice address books: /addresses/delivery and /addresses/invoice. */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const preValidation = requirePermission('addresses.manage');

  app.get(
    '/:kind',
    {
      preValidation,
      schema: {
        tags,
        security,
        params: addressKindParamsSchema,
        response: { 200: addressListResponseSchema },
      },
    },
    async (request) => ({
      items: await listAddresses(app.db, contextOf(request), request.params.kind),
    }),
  );

  app.post(
    '/:kind',
    {
      preValidation,
      schema: {
        tags,
        security,
        params: addressKindParamsSchema,
        body: addressRequestSchema,
        response: { 201: addressSchema },
      },
    },
    async (request, reply) => {
      const address = await createAddress(
        app.db,
        contextOf(request),
        request.params.kind,
        request.body,
      );
      return reply.status(201).send(address);
    },
  );

  app.put(
    '/:kind/:id',
    {
      preValidation,
      schema: {
        tags,
        security,
        params: addressParamsSchema,
        body: addressRequestSchema,
        response: { 200: addressSchema },
      },
    },
    async (request) =>
      updateAddress(
        app.db,
        contextOf(request),
        request.params.kind,
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    '/:kind/:id',
    {
      preValidation,
      schema: {
        tags,
        security,
        params: addressParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await deleteAddress(app.db, contextOf(request), request.params.kind, request.params.id);
      return { message: t(request.locale, 'messages.address_deleted') };
    },
  );
};
