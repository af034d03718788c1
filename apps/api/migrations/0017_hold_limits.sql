CREATE TABLE "stock_hold_windows" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_holds" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "stock_hold_windows" ADD CONSTRAINT "stock_hold_windows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_holds_client_idx" ON "stock_holds" USING btree ("client_key");