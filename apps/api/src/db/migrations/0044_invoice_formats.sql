-- EU e-invoices (issue 23): the format a company wants its invoices mailed in, and mails that
-- carry attachments (made when the mail is sent, from what each entry names).
ALTER TABLE "companies" ADD COLUMN "invoice_format" text DEFAULT 'pdf' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_invoice_format_check" CHECK ("invoice_format" IN ('pdf', 'ubl', 'facturx'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;
