ALTER TYPE "public"."payment_method" ADD VALUE 'cash_on_delivery';--> statement-breakpoint
ALTER TYPE "public"."payment_method" ADD VALUE 'paid_offline';--> statement-breakpoint
ALTER TYPE "public"."payment_method" ADD VALUE 'payment_link';--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'awaiting_payment';--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_links_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "payment_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee" numeric(12, 2) DEFAULT '0.00' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;