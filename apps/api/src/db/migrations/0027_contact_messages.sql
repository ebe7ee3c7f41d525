-- Back-office I (issue 21): contact-us messages land in the staff's inbox (and still mail the
-- support address); staff read them, assign them and answer by e-mail, the answers kept.
CREATE TABLE "contact_messages" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "company_id" uuid NOT NULL REFERENCES "companies"("id"),
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "subject" text NOT NULL,
  "message" text NOT NULL,
  "locale" text NOT NULL,
  "read_at" timestamp with time zone,
  "assigned_to" uuid REFERENCES "users"("id"),
  "answered_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "contact_messages_unread_idx" ON "contact_messages" USING btree ("created_at" DESC, "id" DESC) WHERE "read_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "contact_messages_assigned_idx" ON "contact_messages" USING btree ("assigned_to", "created_at" DESC);
--> statement-breakpoint
CREATE TABLE "contact_message_answers" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "message_id" uuid NOT NULL REFERENCES "contact_messages"("id") ON DELETE CASCADE,
  "staff_user_id" uuid NOT NULL REFERENCES "users"("id"),
  "body" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contact_message_answers_message_idx" ON "contact_message_answers" USING btree ("message_id", "created_at");
