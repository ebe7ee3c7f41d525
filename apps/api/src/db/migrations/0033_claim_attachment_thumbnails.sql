-- Back-office I (issue 21): a claim's pictures get a small WebP thumbnail, made once when they are
-- sent, so a claim's page shows its photos without downloading each whole (null for PDF files).
ALTER TABLE "claim_attachments" ADD COLUMN "thumbnail" "bytea";
