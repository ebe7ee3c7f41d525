-- Back-office I (issue 21): photos and files a customer sends with a claim, kept in the database
-- with the claim (one backup, one transaction, every API process sees them; decision 013).
CREATE TABLE "claim_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_attachments_size" CHECK ("byte_size" > 0 AND "byte_size" = octet_length("content"))
);
--> statement-breakpoint
-- Pictures and PDF files are compressed already: store them out of line without trying again.
ALTER TABLE "claim_attachments" ALTER COLUMN "content" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "claim_attachments" ADD CONSTRAINT "claim_attachments_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_attachments" ADD CONSTRAINT "claim_attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_attachments_claim_idx" ON "claim_attachments" USING btree ("claim_id","created_at");
