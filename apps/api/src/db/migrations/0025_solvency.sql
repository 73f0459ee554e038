-- Proof of solvency. Cold reserve addresses an operator added, and the signatures they made
-- offline (`npm run reserves:sign`), one per address and snapshot day, checked when uploaded.
CREATE TABLE "reserve_addresses" (
	"address" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"added_by" bigint NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "reserve_addresses_hex" CHECK ("reserve_addresses"."address" ~ '^0x[0-9a-f]{40}$')
);--> statement-breakpoint
CREATE TABLE "reserve_signatures" (
	"address" text NOT NULL,
	"day" date NOT NULL,
	"chain_id" integer NOT NULL,
	"signature" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by" bigint NOT NULL,
	CONSTRAINT "reserve_signatures_pk" PRIMARY KEY("address","day","chain_id")
);--> statement-breakpoint
ALTER TABLE "reserve_signatures" ADD CONSTRAINT "reserve_signatures_address_fk" FOREIGN KEY ("address") REFERENCES "public"."reserve_addresses"("address") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- One row per published day: `body` is the day as published (contract/solvency.ts SolvencyDay without
-- its commitment, anchor and time), `commitment` its hash. Rows are never updated but for the anchor's
-- block once it is mined; the chain of `previous` and the anchors on chain make a rewrite visible.
CREATE TABLE "solvency_snapshots" (
	"day" date PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"body" jsonb NOT NULL,
	"commitment" text NOT NULL,
	"previous" text,
	"anchor_from" text,
	"anchor_nonce" bigint,
	"anchor_tx_hash" text,
	"anchor_raw" text,
	"anchor_block" bigint,
	"anchor_error" text,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "solvency_snapshots_commitment" UNIQUE("commitment")
);
