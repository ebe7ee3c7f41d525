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
  /** To a user who asked to reset the password (link valid 1 hour). */
  password_reset: { first_name: string; reset_url: string; expires_minutes: number };
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
}

export type MailTemplate = keyof MailTemplateVars;
