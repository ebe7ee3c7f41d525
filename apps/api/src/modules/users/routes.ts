import {
  changePasswordSchema,
  companyIdParamsSchema,
  contactMessageSchema,
  idParamsSchema,
  inviteMemberSchema,
  memberListQuerySchema,
  memberListSchema,
  memberResponseSchema,
  memberSchema,
  memberUpdateSchema,
  messageResponseSchema,
  profileResponseSchema,
  profileUpdateSchema,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { sendContactMessage } from './contact';
import { deleteMember, getMember, inviteMember, listMembers, updateMember } from './members';
import { changePassword, updateProfile } from './profile';
import { getMe } from './service';

/** Contact-us messages per session: a few a minute is plenty for a person. */
const CONTACT_RATE_LIMIT = { max: 5, timeWindowMs: 60_000 };

const tags = ['users'];
const security = [{ bearer: [] }];

/** The signed-in user's own account, the company's members (owners) and contact-us. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config };
  const editProfile = requirePermission('profile.edit');

  app.put(
    '/update/profile',
    {
      preHandler: editProfile,
      schema: {
        tags,
        security,
        body: profileUpdateSchema,
        response: { 200: profileResponseSchema },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      await updateProfile(deps, ctx, request.body);
      return {
        message: t(request.locale, 'messages.profile_saved'),
        user: await getMe(app.db, app.config, ctx.userId),
      };
    },
  );

  app.put(
    '/change-password',
    {
      preHandler: editProfile,
      schema: {
        tags,
        security,
        body: changePasswordSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await changePassword(deps, contextOf(request), request.body);
      return { message: t(request.locale, 'messages.password_changed') };
    },
  );

  const manage = requirePermission('members.manage');

  app.get(
    '/company/:companyId',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        params: companyIdParamsSchema,
        querystring: memberListQuerySchema,
        response: { 200: memberListSchema },
      },
    },
    async (request) =>
      listMembers(
        app.db,
        contextOf(request),
        request.params.companyId,
        request.query.page,
        request.query.limit,
      ),
  );

  app.post(
    '/invite-new-member/:companyId',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        params: companyIdParamsSchema,
        body: inviteMemberSchema,
        response: { 201: memberResponseSchema },
      },
    },
    async (request, reply) => {
      const member = await inviteMember(
        deps,
        contextOf(request),
        request.params.companyId,
        request.body,
      );
      return reply
        .status(201)
        .send({ message: t(request.locale, 'messages.member_invited'), member });
    },
  );

  app.put(
    '/update/:id',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: memberUpdateSchema,
        response: { 200: memberResponseSchema },
      },
    },
    async (request) => ({
      message: t(request.locale, 'messages.member_saved'),
      member: await updateMember(deps, contextOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/:id',
    {
      preHandler: manage,
      schema: { tags, security, params: idParamsSchema, response: { 200: memberSchema } },
    },
    async (request) => getMember(app.db, contextOf(request), request.params.id),
  );

  app.delete(
    '/:id',
    {
      preHandler: manage,
      schema: { tags, security, params: idParamsSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await deleteMember(app.db, contextOf(request), request.params.id);
      return { message: t(request.locale, 'messages.member_deleted') };
    },
  );

  app.post(
    '/contact-us',
    {
      preHandler: requirePermission('contact.send'),
      config: {
        rateLimit: {
          max: CONTACT_RATE_LIMIT.max,
          timeWindow: CONTACT_RATE_LIMIT.timeWindowMs,
          // Counted after the permission check, per signed-in user rather than per address
          // (colleagues often share an office IP, and a header's spelling must not open a bucket).
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `user:${contextOf(request).userId}`,
          errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
            new AppError('RATE_LIMITED', 'errors.rate_limited', {
              seconds: Math.max(1, Math.ceil(context.ttl / 1000)),
            }),
        },
      },
      schema: {
        tags,
        security,
        body: contactMessageSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await sendContactMessage(app.db, app.config, contextOf(request), request.body);
      return { message: t(request.locale, 'messages.contact_sent') };
    },
  );
};
