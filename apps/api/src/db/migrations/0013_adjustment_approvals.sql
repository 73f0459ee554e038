CREATE TABLE "adjustment_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "adjustment_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by_id" bigint NOT NULL,
	"decided_by_id" bigint,
	"decision_reason" text,
	"transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	CONSTRAINT "adjustment_requests_status_known" CHECK ("adjustment_requests"."status" in ('pending','applied','rejected')),
	CONSTRAINT "adjustment_requests_asset_known" CHECK ("adjustment_requests"."asset" in ('GOLD','USDT','BTC')),
	CONSTRAINT "adjustment_requests_amount_not_zero" CHECK ("adjustment_requests"."amount" <> 0),
	CONSTRAINT "adjustment_requests_pending_credit" CHECK ("adjustment_requests"."status" <> 'pending' or "adjustment_requests"."amount" > 0),
	CONSTRAINT "adjustment_requests_applied" CHECK (("adjustment_requests"."status" = 'applied') = ("adjustment_requests"."transfer_id" is not null and "adjustment_requests"."applied_at" is not null)),
	CONSTRAINT "adjustment_requests_second_operator" CHECK ("adjustment_requests"."status" <> 'applied' or "adjustment_requests"."decided_by_id" is null or "adjustment_requests"."decided_by_id" <> "adjustment_requests"."requested_by_id")
);
--> statement-breakpoint
ALTER TABLE "adjustment_requests" ADD CONSTRAINT "adjustment_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_requests" ADD CONSTRAINT "adjustment_requests_requested_by_id_operators_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_requests" ADD CONSTRAINT "adjustment_requests_decided_by_id_operators_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_requests" ADD CONSTRAINT "adjustment_requests_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adjustment_requests_status_idx" ON "adjustment_requests" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "adjustment_requests_user_idx" ON "adjustment_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "adjustment_requests_applied_idx" ON "adjustment_requests" USING btree ("asset","applied_at");
