import {
  checkSecureKeyResponseSchema,
  invitationCheckResponseSchema,
  meSchema,
  messageResponseSchema,
  resetPasswordChangeSchema,
  resetPasswordRequestSchema,
  secureKeyParamsSchema,
  secureKeyQuerySchema,
  sessionLoginRequestSchema,
  setPasswordRequestSchema,
  signinRequestSchema,
  signinResponseSchema,
  signupRequestSchema,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, contextOf, resolveToken, SESSION_COOKIE } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { getMe } from '../users';
import {
  acceptInvitation,
  changePasswordWithKey,
  checkInvitation,
  checkSecureKey,
  requestPasswordReset,
  signIn,
  signOut,
  signUp,
} from './service';

const tags = ['auth'];
const bearer = [{ bearer: [] }];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config };
  const { max, windowSeconds } = app.config.authRateLimit;
  const rateLimit = {
    max,
    timeWindow: windowSeconds * 1000,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      new AppError('RATE_LIMITED', 'errors.rate_limited', {
        seconds: Math.max(1, Math.ceil(context.ttl / 1000)),
      }),
  };
  const limited = { rateLimit };

  app.post(
    '/signin',
    {
      config: limited,
      schema: { tags, body: signinRequestSchema, response: { 200: signinResponseSchema } },
    },
    async (request) =>
      signIn(deps, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        locale: request.locale,
      }),
  );

  app.post(
    '/signout',
    {
      preHandler: authenticate,
      schema: { tags, security: bearer, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await signOut(app.db, contextOf(request).sessionId);
      return { message: t(request.locale, 'messages.signed_out') };
    },
  );

  app.post(
    '/signup',
    {
      config: limited,
      schema: { tags, body: signupRequestSchema, response: { 201: messageResponseSchema } },
    },
    async (request, reply) => {
      await signUp(deps, request.body, request.locale);
      return reply.status(201).send({ message: t(request.locale, 'messages.signup_received') });
    },
  );

  app.get(
    '/me',
    {
      preHandler: authenticate,
      schema: { tags, security: bearer, response: { 200: meSchema } },
    },
    async (request) => getMe(app.db, app.config, contextOf(request).userId),
  );

  app.get(
    '/invitation/check/:key',
    {
      config: limited,
      schema: {
        tags,
        params: secureKeyParamsSchema,
        response: { 200: invitationCheckResponseSchema },
      },
    },
    async (request) => checkInvitation(app.db, request.params.key),
  );

  app.post(
    '/invitation/password/:key',
    {
      config: limited,
      schema: {
        tags,
        params: secureKeyParamsSchema,
        body: setPasswordRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await acceptInvitation(deps, request.params.key, request.body);
      return { message: t(request.locale, 'messages.password_set') };
    },
  );

  app.post(
    '/reset-password/request',
    {
      config: limited,
      schema: { tags, body: resetPasswordRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      // Answered before the account is even looked up: a known address (key and mail written)
      // must not take longer than an unknown one, or the time would tell which exist.
      const { email } = request.body;
      app.background.run('password reset request', () => requestPasswordReset(deps, email));
      return { message: t(request.locale, 'messages.reset_requested') };
    },
  );

  app.get(
    '/check-secure-key',
    {
      config: limited,
      schema: {
        tags,
        querystring: secureKeyQuerySchema,
        response: { 200: checkSecureKeyResponseSchema },
      },
    },
    async (request) => checkSecureKey(app.db, request.query.key),
  );

  app.post(
    '/reset-password/change',
    {
      config: limited,
      schema: { tags, body: resetPasswordChangeSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await changePasswordWithKey(deps, request.body);
      return { message: t(request.locale, 'messages.password_set') };
    },
  );

  // Session sync with the web host: an httpOnly cookie lets plain links (invoice PDFs) be authorized.
  app.post(
    '/login',
    { schema: { tags, body: sessionLoginRequestSchema, response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      const session = await resolveToken(app, request.body.access_token, request.locale);
      reply.setCookie(SESSION_COOKIE, request.body.access_token, {
        httpOnly: true,
        sameSite: 'strict',
        secure: app.config.appUrl.startsWith('https:'),
        path: '/',
        expires: session.expiresAt,
      });
      return { message: t(request.locale, 'messages.session_synced') };
    },
  );

  app.post(
    '/logout',
    { schema: { tags, response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: t(request.locale, 'messages.signed_out') };
    },
  );
};
