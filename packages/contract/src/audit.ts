import { z } from 'zod';
import { STAFF_ROLES, USER_STATUSES } from './constants';
import { emailSchema, requiredText } from './validation';

/** What the audit log records staff acting on. */
export const AUDIT_ENTITY_TYPES = [
  'order',
  'company',
  'member',
  'staff',
  'claim',
  'message',
  'product',
  'setting',
  'import',
  'category',
  'quote',
  'price_list',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** Every staff action the audit log knows, named `entity.verb`. */
export const AUDIT_ACTIONS = [
  'order.mark_paid',
  'order.ship',
  'order.complete',
  'order.close',
  'order.cancel',
  'order.note',
  'order.resend_confirmation',
  'order.resend_invoice',
  'company.approve',
  'company.reject',
  'company.vat_verification',
  'company.vat_check',
  'company.update',
  'company.block',
  'company.unblock',
  'company.xml_feed',
  'member.block',
  'member.unblock',
  'member.password_reset',
  'staff.invite',
  'staff.update',
  'claim.item_approve',
  'claim.item_reject',
  'claim.item_receive',
  'claim.item_replacement',
  'claim.item_refund',
  'claim.close',
  'message.answer',
  'message.assign',
  'product.create',
  'product.update',
  'product.delete',
  'product.bulk',
  'product.stock',
  'product.images',
  'settings.update',
  'product.import',
  'category.create',
  'category.update',
  'category.move',
  'category.activate',
  'category.deactivate',
  'category.icon',
  'quote.answer',
  'price_list.create',
  'price_list.update',
  'price_list.delete',
  'price_list.discounts',
  'price_list.prices',
  'company.price_list',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_PAGE_SIZE = 50;

const isoDate = z.iso.date({ message: 'validation.invalid_date' });

/** `GET /admin/audit-log`: newest first. */
export const auditLogQuerySchema = z
  .strictObject({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
    staff_user_id: z.uuid().optional(),
    entity_type: z.enum(AUDIT_ENTITY_TYPES).optional(),
    date_from: isoDate.optional(),
    date_to: isoDate.optional(),
  })
  .refine((query) => !query.date_from || !query.date_to || query.date_from <= query.date_to, {
    path: ['date_to'],
    message: 'validation.invalid_date',
  });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditEntrySchema = z.object({
  _id: z.uuid(),
  created_at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  entity_type: z.enum(AUDIT_ENTITY_TYPES),
  entity_id: z.uuid(),
  /** How staff know the entity: an order number, a company name. */
  entity_label: z.string().nullable(),
  staff: z.object({ _id: z.uuid(), full_name: z.string(), email: z.string() }),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPage: z.number().int(),
});
export type AuditLog = z.infer<typeof auditLogSchema>;

/** A member of the shop's staff, as the back-office lists them. */
export const staffMemberSchema = z.object({
  _id: z.uuid(),
  full_name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(USER_STATUSES),
  /** When they last signed in (null: never). */
  last_sign_in_at: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** `POST /admin/staff`: invites a member of staff by e-mail (a link to set a password). */
export const staffInviteSchema = z.strictObject({
  first_name: requiredText(100),
  last_name: requiredText(100),
  email: emailSchema,
  role: z.enum(STAFF_ROLES),
});
export type StaffInvite = z.infer<typeof staffInviteSchema>;

/** `PATCH /admin/staff/{userId}`: another role, or deactivated (their sessions end at once). */
export const staffUpdateSchema = z.strictObject({
  role: z.enum(STAFF_ROLES).optional(),
  status: z.enum(['active', 'inactive']).optional(),
});
export type StaffUpdate = z.infer<typeof staffUpdateSchema>;

export const staffUserParamsSchema = z.strictObject({ userId: z.uuid() });
export const staffMemberListSchema = z.object({ items: z.array(staffMemberSchema) });
export type StaffMemberList = z.infer<typeof staffMemberListSchema>;
