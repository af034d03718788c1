-- Accounts from before e-mail verification: an address a provider vouched for, or an admin the owner chose with
-- `npm run user:admin`, counts as proven; every other account proves its address with the e-mailed link.
UPDATE "users" SET "email_verified_at" = now()
WHERE "email_verified_at" IS NULL
  AND ("role" = 'admin' OR EXISTS (
    SELECT 1 FROM "user_identities" i
    WHERE i."user_id" = "users"."id" AND i."email_verified" AND i."email" = "users"."email"
  ));
--> statement-breakpoint
-- A sign-in began when its first refresh token was issued, not when this column was added.
UPDATE "refresh_tokens" r SET "family_started_at" = f.started
FROM (SELECT "family_id", min("created_at") AS started FROM "refresh_tokens" GROUP BY "family_id") f
WHERE r."family_id" = f."family_id";
--> statement-breakpoint
-- A sign-in ends 30 days after it began, whatever its refreshes.
UPDATE "refresh_tokens" SET "expires_at" = "family_started_at" + interval '30 days'
WHERE "expires_at" > "family_started_at" + interval '30 days';
