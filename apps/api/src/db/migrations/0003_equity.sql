CREATE TABLE "equity_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "equity_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"round_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"price_per_share" bigint NOT NULL,
	"payment" bigint NOT NULL,
	"annual_yield_pct" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"transfer_id" bigint NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	CONSTRAINT "equity_orders_status_known" CHECK ("equity_orders"."status" in ('active','ended')),
	CONSTRAINT "equity_orders_source_known" CHECK ("equity_orders"."source" in ('buy','reinvest'))
);
--> statement-breakpoint
CREATE TABLE "equity_rounds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "equity_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"total_shares" integer NOT NULL,
	"shares_remaining" integer NOT NULL,
	"price_per_share" bigint NOT NULL,
	"annual_yield_pct" text NOT NULL,
	"min_quantity" integer DEFAULT 1 NOT NULL,
	"term_days" integer NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equity_rounds_shares" CHECK ("equity_rounds"."shares_remaining" >= 0 and "equity_rounds"."shares_remaining" <= "equity_rounds"."total_shares"),
	CONSTRAINT "equity_rounds_positive" CHECK ("equity_rounds"."price_per_share" > 0 and "equity_rounds"."term_days" > 0 and "equity_rounds"."min_quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "equity_yields" (
	"order_id" bigint NOT NULL,
	"day" date NOT NULL,
	"user_id" bigint NOT NULL,
	"usdt" bigint NOT NULL,
	"btc" bigint NOT NULL,
	"btc_price" text NOT NULL,
	"price_source" text NOT NULL,
	CONSTRAINT "equity_yields_order_id_day_pk" PRIMARY KEY("order_id","day")
);
--> statement-breakpoint
ALTER TABLE "equity_orders" ADD CONSTRAINT "equity_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equity_orders" ADD CONSTRAINT "equity_orders_round_id_equity_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."equity_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "equity_orders_user_idx" ON "equity_orders" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "equity_rounds_one_open" ON "equity_rounds" USING btree ("open") WHERE "equity_rounds"."open";--> statement-breakpoint
CREATE INDEX "equity_yields_user_day_idx" ON "equity_yields" USING btree ("user_id","day");