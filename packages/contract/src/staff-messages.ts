import { z } from 'zod';

export const STAFF_MESSAGE_FILTERS = ['unread', 'mine', 'all'] as const;
export type StaffMessageFilter = (typeof STAFF_MESSAGE_FILTERS)[number];
export const STAFF_MESSAGES_PAGE_SIZE = 25;

/** `GET /admin/messages`: the inbox, newest first; `mine`: assigned to the caller. */
export const staffMessageListQuerySchema = z.strictObject({
  filter: z.enum(STAFF_MESSAGE_FILTERS).default('unread'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(STAFF_MESSAGES_PAGE_SIZE),
});
export type StaffMessageListQuery = z.infer<typeof staffMessageListQuerySchema>;

const person = z.object({ _id: z.uuid(), full_name: z.string() });

export const staffMessageRowSchema = z.object({
  _id: z.uuid(),
  subject: z.string(),
  created_at: z.string(),
  company: z.object({ _id: z.uuid(), name: z.string() }),
  sender: person.extend({ email: z.string() }),
  read: z.boolean(),
  assigned_to: person.nullable(),
  answered_at: z.string().nullable(),
});
export type StaffMessageRow = z.infer<typeof staffMessageRowSchema>;

export const staffMessageListSchema = z.object({
  items: z.array(staffMessageRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPage: z.number().int(),
  /** Unread messages in the whole inbox. */
  unread: z.number().int(),
});
export type StaffMessageList = z.infer<typeof staffMessageListSchema>;

/** `GET /admin/messages/{id}`: the message and the answers staff sent. */
export const staffMessageSchema = staffMessageRowSchema.extend({
  message: z.string(),
  locale: z.string(),
  answers: z.array(
    z.object({ _id: z.uuid(), body: z.string(), created_at: z.string(), by: person }),
  ),
});
export type StaffMessage = z.infer<typeof staffMessageSchema>;

export const messageIdParamsSchema = z.strictObject({ id: z.uuid() });

/** `PUT /admin/messages/{id}/read`: read or back to unread. */
export const messageReadSchema = z.strictObject({ read: z.boolean() });
/** `PUT /admin/messages/{id}/assignee`: a member of staff, or nobody. */
export const messageAssigneeSchema = z.strictObject({ staff_user_id: z.uuid().nullable() });
/** `POST /admin/messages/{id}/answers`: mailed to the sender in their language, and kept. */
export const messageAnswerSchema = z.strictObject({
  body: z.string().trim().min(1).max(5000),
});
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

/** What waits for staff: the sidebar's counts beside Customers, Orders, Claims and Messages. */
export const STAFF_ALERTS = [
  'registrations',
  'bank_transfers',
  'claims',
  'messages',
  'quotes',
] as const;
export type StaffAlert = (typeof STAFF_ALERTS)[number];
export const staffAlertsSchema = z.object({
  /** Companies waiting for their registration's review. */
  registrations: z.number().int(),
  /** Bank-transfer orders waiting for their money. */
  bank_transfers: z.number().int(),
  /** Claims filed and not decided yet (draft). */
  claims: z.number().int(),
  /** Unread contact-us messages. */
  messages: z.number().int(),
  /** Quotes asked for and not answered yet. */
  quotes: z.number().int(),
});
export type StaffAlerts = z.infer<typeof staffAlertsSchema>;

/** `GET`/`PUT /admin/alert-mails`: which alerts the caller also gets by e-mail, one switch each. */
export const staffAlertMailsSchema = z.strictObject({
  registrations: z.boolean(),
  bank_transfers: z.boolean(),
  claims: z.boolean(),
  messages: z.boolean(),
  quotes: z.boolean(),
});
export type StaffAlertMails = z.infer<typeof staffAlertMailsSchema>;
