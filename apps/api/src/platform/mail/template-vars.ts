/** The mails the portal sends and the variables each one needs. */
export interface MailTemplateVars {
  /** To the applicant after sign-up: the account is under review. */
  registration_received: { first_name: string; company: string };
  /** To the shop's staff: a new registration waits for review. */
  registration_staff: {
    company: string;
    vat_number: string;
    country: string;
    applicant_name: string;
    applicant_email: string;
    review_url: string;
  };
  /** To the owner once approved: the email to sign in with and the sign-in link, never a password. */
  registration_approved: {
    first_name: string;
    company: string;
    email: string;
    sign_in_url: string;
  };
  registration_rejected: { first_name: string; company: string };
  /** To an invited company member: a link to set a password (valid 7 days). */
  invitation: {
    first_name: string;
    company: string;
    inviter_name: string;
    set_password_url: string;
    expires_days: number;
  };
  /** To an invited member of the shop's staff: a link to set a password (valid 7 days). */
  staff_invitation: {
    first_name: string;
    inviter_name: string;
    set_password_url: string;
    expires_days: number;
  };
  /**
   * To the holder of an address someone tried to sign up with again: the sign-up answered as for
   * a new address (nobody learns which addresses have accounts), the holder learns it here.
   */
  account_exists: { first_name: string; sign_in_url: string; reset_url: string };
  /** To a user whose account had too many failed sign-ins in an hour: sign-in paused for a while. */
  sign_in_attempts: { first_name: string; failures: number; reset_url: string };
  /** To a user who asked to reset the password (link valid 1 hour). */
  password_reset: { first_name: string; reset_url: string; expires_minutes: number };
  /** To the sender of a contact-us message: a staff member's answer, with the question quoted. */
  contact_answer: {
    first_name: string;
    subject: string;
    message: string;
    answer: string;
    staff_name: string;
  };
  /** To the shop's support address: a contact-us message with the company and the sender. */
  contact_message: {
    subject: string;
    message: string;
    company: string;
    vat_number: string;
    sender_name: string;
    sender_email: string;
    sender_role: string;
    sender_locale: string;
  };
  /** To the buyer: the order is placed and its online payment comes next. */
  order_placed: OrderMailVars;
  /** To the buyer: the order is placed; where to transfer the money. */
  order_placed_bank_transfer: OrderMailVars & {
    account_holder: string;
    iban: string;
    bic: string;
  };
  /** To the buyer: the payment was received and the order is being prepared. */
  order_paid: OrderMailVars;
  /** To each member who should know and kept the type's e-mail on (SPEC notification types). */
  notification_new_order: NotificationMailVars;
  notification_new_invoice: NotificationMailVars;
  notification_order_is_shipped: NotificationMailVars;
  notification_replacement_sent: NotificationMailVars;
  notification_new_creditmemo: NotificationMailVars;
  /** Issue 24: to owners, an order waits for approval; to its purchaser, the decision. */
  notification_approval_requested: NotificationMailVars;
  notification_approval_approved: NotificationMailVars;
  notification_approval_declined: NotificationMailVars;
  /** Issue 24: to the member who asked, staff answered their quote. */
  notification_quote_answered: NotificationMailVars;
  /** To staff who asked for it: a company registered and waits for review. */
  staff_alert_registration: {
    first_name: string;
    company: string;
    country: string;
    review_url: string;
  };
  /** To staff who asked for it: a bank-transfer order waits for its money. */
  staff_alert_bank_transfer: {
    first_name: string;
    order_number: string;
    company: string;
    amount: string;
    order_url: string;
  };
  /** To staff who asked for it: a company filed a claim. */
  staff_alert_claim: {
    first_name: string;
    claim_number: string;
    company: string;
    claim_url: string;
  };
  /** To staff who asked for it: a customer wrote through the contact form. */
  /** To staff who asked for it: a customer asks for a quote (or asks again). */
  staff_alert_quote: {
    first_name: string;
    quote_number: string;
    company: string;
    quote_url: string;
  };
  staff_alert_message: {
    first_name: string;
    company: string;
    subject: string;
    message_url: string;
  };
  /** To the buyer, sent again by staff: the order's invoice is in the portal. */
  invoice_available: {
    first_name: string;
    order_number: string;
    invoice_number: string;
    /** Formatted for the locale. */
    amount: string;
    invoice_url: string;
  };
  /** To the buyer: staff canceled the paid order; the money went back through the provider. */
  order_canceled_refunded: OrderCanceledMailVars;
  /** To the buyer: staff canceled the bank-transfer order; the shop transfers the money back. */
  order_canceled_credit_note: OrderCanceledMailVars;
  /** To the buyer: the order left the warehouse with this carrier and tracking number. */
  order_shipped: {
    first_name: string;
    order_number: string;
    carrier: string;
    tracking_number: string;
    order_url: string;
  };
  /** To who asked for it: a period's invoice and credit note PDFs are ready as one ZIP. */
  invoice_archive_ready: {
    first_name: string;
    /** Days formatted for the locale. */
    date_from: string;
    date_to: string;
    count: number;
    download_url: string;
    /** When the link stops working, formatted for the locale. */
    expires_at: string;
  };
}

/** What a notification mail names: who, which order, which invoice (empty when none). */
interface NotificationMailVars {
  first_name: string;
  buyer_name: string;
  order_number: string;
  invoice_number: string;
  quote_number: string;
  /** Where the notification leads in the portal (the notifications list when it names nothing). */
  open_url: string;
}

/** What every order mail says: the order, its value (formatted for the locale) and delivery time. */
interface OrderMailVars {
  first_name: string;
  order_number: string;
  order_value: string;
  delivery_days: number;
  order_url: string;
}

export type MailTemplate = keyof MailTemplateVars;

/** A canceled paid order: its value paid back and the credit note that says so. */
interface OrderCanceledMailVars {
  first_name: string;
  order_number: string;
  /** Formatted for the locale. */
  amount: string;
  credit_note_number: string;
  order_url: string;
}
