-- Back-office I (issue 21): each member of staff chooses which alerts also come by e-mail (a new
-- registration, a bank transfer to match, a new claim, a new message: STAFF_ALERTS); none until
-- they do.
ALTER TABLE "users" ADD COLUMN "staff_alert_mails" text[] DEFAULT '{}' NOT NULL;
