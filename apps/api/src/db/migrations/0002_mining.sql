CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"period" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"result" text,
	"trigger" text NOT NULL,
	CONSTRAINT "job_runs_job_period_pk" PRIMARY KEY("job","period")
);
--> statement-breakpoint
CREATE TABLE "miner_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "miner_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"paid" bigint NOT NULL,
	"hash_rate" bigint NOT NULL,
	"burned" bigint NOT NULL,
	"transfer_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "miner_products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "miner_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"image" text NOT NULL,
	"hash_rate" bigint NOT NULL,
	"price" bigint NOT NULL,
	"duration_days" integer NOT NULL,
	"stock" integer NOT NULL,
	"min_quantity" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "miner_products_stock_not_negative" CHECK ("miner_products"."stock" >= 0),
	CONSTRAINT "miner_products_positive" CHECK ("miner_products"."hash_rate" > 0 and "miner_products"."price" > 0 and "miner_products"."duration_days" > 0),
	CONSTRAINT "miner_products_min_quantity" CHECK ("miner_products"."min_quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "miners" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "miners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"hash_rate" bigint NOT NULL,
	"status" text DEFAULT 'mining' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	CONSTRAINT "miners_status_known" CHECK ("miners"."status" in ('mining','terminated')),
	CONSTRAINT "miners_ends_after_start" CHECK ("miners"."end_at" > "miners"."start_at")
);
--> statement-breakpoint
CREATE TABLE "mining_outputs" (
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"own_hash" bigint NOT NULL,
	"bonus_hash" bigint NOT NULL,
	"btc" bigint NOT NULL,
	CONSTRAINT "mining_outputs_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "performance_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "performance_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"amount_usdt" bigint NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "power_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "power_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"quantity" bigint NOT NULL,
	"direction" text NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"order_id" bigint,
	"miner_id" bigint,
	CONSTRAINT "power_records_source_known" CHECK ("power_records"."source" in ('own','bonus')),
	CONSTRAINT "power_records_kind_known" CHECK ("power_records"."kind" in ('purchase','burn','level_bonus','expiry')),
	CONSTRAINT "power_records_direction_known" CHECK ("power_records"."direction" in ('in','out')),
	CONSTRAINT "power_records_quantity_positive" CHECK ("power_records"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "settlement_days" (
	"day" date PRIMARY KEY NOT NULL,
	"btc_per_th_per_day" text NOT NULL,
	"day_start" timestamp with time zone NOT NULL,
	"day_end" timestamp with time zone NOT NULL,
	"members" integer NOT NULL,
	"total_btc" bigint NOT NULL,
	"terminated" integer NOT NULL,
	"settled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "miner_orders" ADD CONSTRAINT "miner_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "miner_orders" ADD CONSTRAINT "miner_orders_product_id_miner_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."miner_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "miners" ADD CONSTRAINT "miners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "miners" ADD CONSTRAINT "miners_order_id_miner_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."miner_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "miner_orders_user_idx" ON "miner_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "miners_user_status_idx" ON "miners" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "miners_mining_end_idx" ON "miners" USING btree ("end_at") WHERE "miners"."status" = 'mining';--> statement-breakpoint
CREATE INDEX "performance_events_day_idx" ON "performance_events" USING btree ("day");--> statement-breakpoint
CREATE INDEX "performance_events_user_idx" ON "performance_events" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "power_records_user_idx" ON "power_records" USING btree ("user_id","source","id");--> statement-breakpoint
CREATE INDEX "power_records_burn_idx" ON "power_records" USING btree ("release_at") WHERE "power_records"."kind" = 'burn';