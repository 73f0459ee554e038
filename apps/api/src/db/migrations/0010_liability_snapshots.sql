CREATE TABLE "liability_positions" (
	"day" date NOT NULL,
	"bucket" integer NOT NULL,
	"entries" "bytea" NOT NULL,
	CONSTRAINT "liability_positions_day_bucket_pk" PRIMARY KEY("day","bucket")
);
--> statement-breakpoint
CREATE TABLE "liability_snapshots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "liability_snapshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"asset" text NOT NULL,
	"root_hash" text NOT NULL,
	"total" numeric(39, 0) NOT NULL,
	"members" integer NOT NULL,
	"height" integer NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"pruned_at" timestamp with time zone,
	CONSTRAINT "liability_snapshots_day_asset" UNIQUE("day","asset")
);
--> statement-breakpoint
CREATE TABLE "liability_tiles" (
	"snapshot_id" bigint NOT NULL,
	"layer" integer NOT NULL,
	"index" integer NOT NULL,
	"nodes" "bytea" NOT NULL,
	CONSTRAINT "liability_tiles_snapshot_id_layer_index_pk" PRIMARY KEY("snapshot_id","layer","index")
);
--> statement-breakpoint
ALTER TABLE "liability_tiles" ADD CONSTRAINT "liability_tiles_snapshot_id_liability_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."liability_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "liability_snapshots_asset_day_idx" ON "liability_snapshots" USING btree ("asset","day");