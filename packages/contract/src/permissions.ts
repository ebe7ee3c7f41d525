import type { AnyRole } from './constants';

/**
 * The role permission table: the one place that says who may do what.
 * The API guards (`requirePermission`) and the web (menus, buttons) both read it.
 */
export const PERMISSIONS = {
  /** Cart icon, cart and checkout (SPEC section 6: an accountant sees no cart). */
  'cart.use': ['owner', 'purchaser'],
  /** User access control: list, invite, edit, delete company members. */
  'members.manage': ['owner'],
  /** The XML product feed link (also needs the company's is_xml_active = on). */
  'xml_feed.view': ['owner'],
  'company.view': ['owner', 'purchaser', 'accountant'],
  'company.edit': ['owner'],
  'profile.edit': ['owner', 'purchaser', 'accountant'],
  /** Place orders: checkout, buy with one click, pay a pending order. */
  'orders.place': ['owner', 'purchaser'],
  'orders.view': ['owner', 'purchaser', 'accountant'],
  /** Exports of the order history for the books (CSV, XLSX): those who answer for the money. */
  'orders.export': ['owner', 'accountant'],
  /** The dashboard's chart of the company's monthly spend: those who answer for the money. */
  'dashboard.spend': ['owner', 'accountant'],
  /** The company's delivery and invoice address books. */
  'addresses.manage': ['owner', 'purchaser', 'accountant'],
  'invoices.view': ['owner', 'purchaser', 'accountant'],
  /** Exports of the invoices for the books (CSV, XLSX): those who answer for the money. */
  'invoices.export': ['owner', 'accountant'],
  /** Shopping lists: see their own and the company's shared ones (accountants: shared ones). */
  'shopping_lists.view': ['owner', 'purchaser', 'accountant'],
  /** Make lists and change their own: those who buy. */
  'shopping_lists.use': ['owner', 'purchaser'],
  /** Change and delete the company's shared lists, whoever made them. */
  'shopping_lists.manage_shared': ['owner'],
  /**
   * Spending limits (issue 24): purchasers see their own limits and requests, owners and
   * accountants every purchaser's; owners set them and approve or decline requests.
   */
  'approvals.view': ['owner', 'purchaser', 'accountant'],
  'approvals.decide': ['owner'],
  /**
   * Quotes (issue 24): every role sees the company's quotes; those who buy ask for one, ask
   * again, decline or accept it (accepting also needs `orders.place`); staff answer them.
   */
  'quotes.view': ['owner', 'purchaser', 'accountant'],
  'quotes.request': ['owner', 'purchaser'],
  'quotes.manage': ['admin', 'operator'],
  'budgets.manage': ['owner'],
  'returns.view': ['owner', 'purchaser', 'accountant'],
  'warranty.view': ['owner', 'purchaser', 'accountant'],
  /** Returns and warranty lists and claim details (`/returns`, `/warranty`). */
  'claims.view': ['owner', 'purchaser', 'accountant'],
  /**
   * File a return or warranty claim (form and CSV): those who buy. Accountants see claims and
   * receive the credit notes, but sending goods back is a purchasing task.
   */
  'claims.file': ['owner', 'purchaser'],
  /** Back-office: approve or reject items, receive goods, replace, refund, close claims. */
  'claims.manage': ['admin', 'operator'],
  'notifications.view': ['owner', 'purchaser', 'accountant'],
  /**
   * Who is notified of what (one notification per active member with the role): orders concern
   * everyone (accountants expect the invoice); shipping and replacements concern those who buy;
   * invoices and credit notes concern owners and accountants.
   */
  'notifications.new_order': ['owner', 'purchaser', 'accountant'],
  'notifications.order_is_shipped': ['owner', 'purchaser'],
  'notifications.replacement_sent': ['owner', 'purchaser'],
  'notifications.new_invoice': ['owner', 'accountant'],
  'notifications.new_creditmemo': ['owner', 'accountant'],
  /** An order above a purchaser's limit or budget waits for an owner (issue 24). */
  'notifications.approval_requested': ['owner'],
  /** Told to the purchaser who asked only (notifyCompany's `recipient`). */
  'notifications.approval_approved': ['purchaser'],
  'notifications.approval_declined': ['purchaser'],
  /** Told to the member who asked for the quote only (notifyCompany's `recipient`). */
  'notifications.quote_answered': ['owner', 'purchaser'],
  'notification_preferences.edit': ['owner', 'purchaser', 'accountant'],
  'contact.send': ['owner', 'purchaser', 'accountant'],
  /** Browse the catalog: prices are for approved customers and staff only. */
  'catalog.view': ['owner', 'purchaser', 'accountant', 'admin', 'operator'],
  /** Back-office: review company registrations. */
  'registrations.review': ['admin', 'operator'],
  /** Back-office: mark a customer's VAT number verified after checking it (reverse charge). */
  'vat.verify': ['admin', 'operator'],
  /**
   * Back-office II: create, edit, deactivate and delete products, change their stock and
   * prices, in one or many at once, import and export them; keep the category tree.
   */
  'catalog.manage': ['admin'],
  /** Back-office: price lists and which company gets which (issue 24). */
  'price_lists.manage': ['admin'],
  /** Back-office: edit shop settings such as product_settings. */
  'settings.edit': ['admin'],
  /**
   * Back-office: find any company's order, mark bank transfers paid, ship, complete, close or
   * cancel orders, add internal notes, resend the customer's mails.
   */
  'orders.manage': ['admin', 'operator'],
  /**
   * Back-office: list and open any company, block or unblock it or one of its members, switch its
   * XML feed, send a member a password reset link.
   */
  'customers.manage': ['admin', 'operator'],
  /** Back-office: the inbox of contact-us messages: read, assign, answer by e-mail. */
  'messages.manage': ['admin', 'operator'],
  /** Back-office: choose which alerts also come by e-mail (every member of staff, for themselves). */
  'alerts.receive': ['admin', 'operator'],
  /** Back-office: read the audit log of what staff did. */
  'audit.view': ['admin'],
  /** Back-office: the shop's staff accounts: invite, change the role, deactivate. */
  'staff.manage': ['admin'],
} as const satisfies Record<string, readonly AnyRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: AnyRole | null | undefined, permission: Permission): boolean {
  if (!role) return false;
  return (PERMISSIONS[permission] as readonly AnyRole[]).includes(role);
}
