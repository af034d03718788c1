ALTER TABLE "user_identities" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Identities linked before the column existed: Google and Apple were only ever linked to an existing account on
-- a verified address, and Facebook never states one. A Google or Apple identity that created its account from
-- an unverified address is counted as verified here; the shop had no live customers when this was written.
UPDATE "user_identities" SET "email_verified" = ("provider" <> 'facebook');
