import {
  blockRequestSchema,
  companyIdParamsSchema,
  companyMemberParamsSchema,
  messageResponseSchema,
  registrationListQuerySchema,
  registrationListSchema,
  staffCompanyListQuerySchema,
  staffCompanyListSchema,
  staffCompanySchema,
  staffCompanyUpdateSchema,
  staffVatCheckResponseSchema,
  messageAnswerSchema,
  messageAssigneeSchema,
  messageIdParamsSchema,
  messageReadSchema,
  staffAlertMailsSchema,
  staffAlertsSchema,
  staffInviteSchema,
  staffMemberListSchema,
  staffMemberSchema,
  staffMessageListQuerySchema,
  staffMessageListSchema,
  staffMessageSchema,
  staffUpdateSchema,
  staffUserParamsSchema,
  vatVerificationRequestSchema,
  vatVerificationResponseSchema,
  xmlFeedSwitchSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import { t } from '../../platform/i18n';
import {
  companyDetail,
  listCompanies,
  sendMemberPasswordReset,
  setCompanyBlocked,
  setMemberBlocked,
  setXmlFeed,
  updateCompanyDetails,
  checkCompanyVat,
} from './companies';
import {
  answerMessage,
  assignMessage,
  getMessage,
  listMessages,
  setMessageRead,
  staffAlerts,
} from './messages';
import { alertMailsOf, setAlertMails } from './alert-mails';
import { listPendingRegistrations, reviewRegistration, setVatVerification } from './service';
import { inviteStaff, listStaff, updateStaff } from './staff';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** Back-office calls for the shop's staff (admins and operators, as the permission table says). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const review = requirePermission('registrations.review');

  app.get(
    '/registrations',
    {
      preValidation: review,
      schema: {
        tags,
        security,
        querystring: registrationListQuerySchema,
        response: { 200: registrationListSchema },
      },
    },
    async (request) => listPendingRegistrations(app.db, request.query.page, request.query.limit),
  );

  app.post(
    '/registrations/:companyId/approve',
    {
      preValidation: review,
      schema: {
        tags,
        security,
        params: companyIdParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await reviewRegistration(
        app.db,
        app.config,
        contextOf(request).userId,
        request.params.companyId,
        'approve',
      );
      return { message: t(request.locale, 'messages.registration_approved') };
    },
  );

  app.post(
    '/registrations/:companyId/reject',
    {
      preValidation: review,
      schema: {
        tags,
        security,
        params: companyIdParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await reviewRegistration(
        app.db,
        app.config,
        contextOf(request).userId,
        request.params.companyId,
        'reject',
      );
      return { message: t(request.locale, 'messages.registration_rejected') };
    },
  );

  const customers = requirePermission('customers.manage');

  app.get(
    '/companies',
    {
      preValidation: customers,
      schema: {
        tags,
        security,
        description: 'Every company: q finds a part of its name or the start of its VAT number.',
        querystring: staffCompanyListQuerySchema,
        response: { 200: staffCompanyListSchema },
      },
    },
    async (request) => listCompanies(app.db, request.query),
  );

  app.get(
    '/companies/:companyId',
    {
      preValidation: customers,
      schema: {
        tags,
        security,
        params: companyIdParamsSchema,
        response: { 200: staffCompanySchema },
      },
    },
    async (request) => companyDetail(app.db, request.params.companyId),
  );

  app.post(
    '/companies/:companyId/block',
    {
      preValidation: customers,
      schema: {
        tags,
        security,
        description: "Blocks the company: its members' sessions end at once, sign-in says why.",
        params: companyIdParamsSchema,
        body: blockRequestSchema,
        response: { 200: staffCompanySchema },
      },
    },
    async (request) =>
      setCompanyBlocked(app.db, contextOf(request).userId, request.params.companyId, request.body),
  );

  app.post(
    '/companies/:companyId/unblock',
    {
      preValidation: customers,
      schema: {
        tags,
        security,
        params: companyIdParamsSchema,
        response: { 200: staffCompanySchema },
      },
    },
    async (request) =>
      setCompanyBlocked(app.db, contextOf(request).userId, request.params.companyId, null),
  );

  app.put(
    '/companies/:companyId',
    {
      preValidation: customers,
      schema: {
        tags,
        security,
        description:
          "Corrects a company's details; a changed VAT number is checked with the register at once.",
        params: companyIdParamsSchema,
        body: staffCompanyUpdateSchema,
        response: { 200: staffCompanySchema },
      },
    },
    async (request) =>
      updateCompanyDetails(
        app.db,
        app.vatChecker,
        contextOf(request).userId,
        request.params.companyId,
        request.body,
      ),
  );

  app.post(
    '/companies/:companyId/vat-check',
    {
      preValidation: customers,
      schema: {
        tags,
        security,
        description: "Asks the register (VIES) about the company's VAT number again.",
        params: companyIdParamsSchema,
        response: { 200: staffVatCheckResponseSchema },
      },
    },
    async (request) =>
      checkCompanyVat(
        app.db,
        app.vatChecker,
        contextOf(request).userId,
        request.params.companyId,
        request.locale,
      ),
  );

  app.put(
    '/companies/:companyId/xml-feed',
    {
      preValidation: customers,
      schema: {
        tags,
        security,
        params: companyIdParamsSchema,
        body: xmlFeedSwitchSchema,
        response: { 200: staffCompanySchema },
      },
    },
    async (request) =>
      setXmlFeed(app.db, contextOf(request).userId, request.params.companyId, request.body.active),
  );

  app.post(
    '/companies/:companyId/members/:userId/block',
    {
      preValidation: customers,
      schema: {
        tags,
        security,
        params: companyMemberParamsSchema,
        body: blockRequestSchema,
        response: { 200: staffCompanySchema },
      },
    },
    async (request) =>
      setMemberBlocked(
        app.db,
        contextOf(request).userId,
        request.params.companyId,
        request.params.userId,
        request.body,
      ),
  );

  app.post(
    '/companies/:companyId/members/:userId/unblock',
    {
      preValidation: customers,
      schema: {
        tags,
        security,
        params: companyMemberParamsSchema,
        response: { 200: staffCompanySchema },
      },
    },
    async (request) =>
      setMemberBlocked(
        app.db,
        contextOf(request).userId,
        request.params.companyId,
        request.params.userId,
        null,
      ),
  );

  app.post(
    '/companies/:companyId/members/:userId/password-reset',
    {
      preValidation: customers,
      schema: {
        tags,
        security,
        description: 'Mails the member a password reset link.',
        params: companyMemberParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await sendMemberPasswordReset(
        app,
        contextOf(request).userId,
        request.params.companyId,
        request.params.userId,
      );
      return { message: t(request.locale, 'messages.password_reset_sent') };
    },
  );

  const messages = requirePermission('messages.manage');

  app.get(
    '/alerts',
    {
      preValidation: requirePermission('orders.manage'),
      schema: {
        tags,
        security,
        description:
          'What waits for staff: registrations, bank transfers, claims, unread messages.',
        response: { 200: staffAlertsSchema },
      },
    },
    async () => staffAlerts(app.db),
  );

  app.get(
    '/messages',
    {
      preValidation: messages,
      schema: {
        tags,
        security,
        description: 'The contact-us inbox, newest first: unread, assigned to the caller, or all.',
        querystring: staffMessageListQuerySchema,
        response: { 200: staffMessageListSchema },
      },
    },
    async (request) => listMessages(app.db, contextOf(request), request.query),
  );

  app.get(
    '/messages/:id',
    {
      preValidation: messages,
      schema: {
        tags,
        security,
        params: messageIdParamsSchema,
        response: { 200: staffMessageSchema },
      },
    },
    async (request) => getMessage(app.db, request.params.id),
  );

  app.put(
    '/messages/:id/read',
    {
      preValidation: messages,
      schema: {
        tags,
        security,
        params: messageIdParamsSchema,
        body: messageReadSchema,
        response: { 200: staffMessageSchema },
      },
    },
    async (request) => setMessageRead(app.db, request.params.id, request.body.read),
  );

  app.put(
    '/messages/:id/assignee',
    {
      preValidation: messages,
      schema: {
        tags,
        security,
        params: messageIdParamsSchema,
        body: messageAssigneeSchema,
        response: { 200: staffMessageSchema },
      },
    },
    async (request) =>
      assignMessage(app.db, contextOf(request), request.params.id, request.body.staff_user_id),
  );

  app.post(
    '/messages/:id/answers',
    {
      preValidation: messages,
      schema: {
        tags,
        security,
        description: "Answers the message by e-mail, in the sender's language; the answer is kept.",
        params: messageIdParamsSchema,
        body: messageAnswerSchema,
        response: { 200: staffMessageSchema },
      },
    },
    async (request) =>
      answerMessage(app.db, contextOf(request), request.params.id, request.body.body),
  );

  const staff = requirePermission('staff.manage');

  app.get(
    '/staff',
    {
      preValidation: staff,
      schema: { tags, security, response: { 200: staffMemberListSchema } },
    },
    async () => listStaff(app.db),
  );

  app.post(
    '/staff',
    {
      preValidation: staff,
      schema: {
        tags,
        security,
        description: 'Invites a member of staff by e-mail: a link to set a password.',
        body: staffInviteSchema,
        response: { 201: staffMemberSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await inviteStaff(app, contextOf(request), request.body)),
  );

  app.patch(
    '/staff/:userId',
    {
      preValidation: staff,
      schema: {
        tags,
        security,
        description:
          "Changes a member of staff's role, or deactivates them (sessions end at once).",
        params: staffUserParamsSchema,
        body: staffUpdateSchema,
        response: { 200: staffMemberSchema },
      },
    },
    async (request) => updateStaff(app.db, contextOf(request), request.params.userId, request.body),
  );

  app.get(
    '/alert-mails',
    {
      preValidation: requirePermission('alerts.receive'),
      schema: {
        tags,
        security,
        description: 'Which alerts the caller (a member of staff) also gets by e-mail.',
        response: { 200: staffAlertMailsSchema },
      },
    },
    async (request) => alertMailsOf(app.db, contextOf(request).userId),
  );

  app.put(
    '/alert-mails',
    {
      preValidation: requirePermission('alerts.receive'),
      schema: {
        tags,
        security,
        description: "Sets the caller's alert e-mails, every switch at once.",
        body: staffAlertMailsSchema,
        response: { 200: staffAlertMailsSchema },
      },
    },
    async (request) => setAlertMails(app.db, contextOf(request).userId, request.body),
  );

  app.post(
    '/companies/:companyId/vat-verification',
    {
      preValidation: requirePermission('vat.verify'),
      schema: {
        tags,
        security,
        description:
          "Marks the company's (or one invoice entity's) VAT number verified now, or unverified.",
        params: companyIdParamsSchema,
        body: vatVerificationRequestSchema,
        response: { 200: vatVerificationResponseSchema },
      },
    },
    async (request) =>
      setVatVerification(app.db, contextOf(request).userId, request.params.companyId, request.body),
  );
};
