CREATE TABLE "deposits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"asset" text,
	"amount" bigint,
	"chain_amount" text,
	"status" text DEFAULT 'confirming' NOT NULL,
	"reason" text,
	"block_number" bigint,
	"confirmations" integer,
	"transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	CONSTRAINT "deposits_user_hash" UNIQUE("user_id","chain_id","tx_hash"),
	CONSTRAINT "deposits_status" CHECK ("deposits"."status" in ('confirming','credited','rejected')),
	CONSTRAINT "deposits_credited" CHECK ("deposits"."status" <> 'credited' or ("deposits"."transfer_id" is not null and "deposits"."amount" > 0))
);
--> statement-breakpoint
CREATE TABLE "operator_members" (
	"operator_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	CONSTRAINT "operator_members_operator_id_user_id_pk" PRIMARY KEY("operator_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "payout_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"withdrawal_id" bigint NOT NULL,
	"chain_id" integer NOT NULL,
	"from_address" text NOT NULL,
	"nonce" bigint NOT NULL,
	"tx_hash" text NOT NULL,
	"raw_tx" text NOT NULL,
	"status" text DEFAULT 'signed' NOT NULL,
	"block_number" bigint,
	"confirmations" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_attempts_tx_hash_unique" UNIQUE("tx_hash"),
	CONSTRAINT "payout_attempts_nonce" UNIQUE("chain_id","from_address","nonce"),
	CONSTRAINT "payout_attempts_status" CHECK ("payout_attempts"."status" in ('signed','sent','mined','confirmed','reverted','dropped'))
);
--> statement-breakpoint
CREATE TABLE "payout_wallets" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"next_nonce" bigint NOT NULL,
	CONSTRAINT "payout_wallets_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE TABLE "withdrawal_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"withdrawal_id" bigint NOT NULL,
	"stage" text NOT NULL,
	"tx_hash" text,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"address" text NOT NULL,
	"status" text DEFAULT 'review' NOT NULL,
	"needs_second" boolean NOT NULL,
	"reason" text,
	"first_approver_id" bigint,
	"second_approver_id" bigint,
	"rejected_by_id" bigint,
	"lock_transfer_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"arrived_at" timestamp with time zone,
	CONSTRAINT "withdrawals_asset" CHECK ("withdrawals"."asset" in ('USDT','BTC')),
	CONSTRAINT "withdrawals_amounts" CHECK ("withdrawals"."fee" >= 0 and "withdrawals"."amount" > "withdrawals"."fee"),
	CONSTRAINT "withdrawals_status" CHECK ("withdrawals"."status" in ('review','second_review','approved','paying','payout_failed','arrived','rejected')),
	CONSTRAINT "withdrawals_two_approvers" CHECK ("withdrawals"."second_approver_id" is null or "withdrawals"."second_approver_id" <> "withdrawals"."first_approver_id")
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_members" ADD CONSTRAINT "operator_members_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_members" ADD CONSTRAINT "operator_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_attempts" ADD CONSTRAINT "payout_attempts_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_events" ADD CONSTRAINT "withdrawal_events_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_first_approver_id_operators_id_fk" FOREIGN KEY ("first_approver_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_second_approver_id_operators_id_fk" FOREIGN KEY ("second_approver_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_rejected_by_id_operators_id_fk" FOREIGN KEY ("rejected_by_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_lock_transfer_id_transfers_id_fk" FOREIGN KEY ("lock_transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposits_status_idx" ON "deposits" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_attempts_one_live" ON "payout_attempts" USING btree ("withdrawal_id") WHERE "payout_attempts"."status" in ('signed','sent','mined','confirmed');--> statement-breakpoint
CREATE INDEX "payout_attempts_status_idx" ON "payout_attempts" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "withdrawal_events_withdrawal_idx" ON "withdrawal_events" USING btree ("withdrawal_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","id");