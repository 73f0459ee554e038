-- A product's stock in slots (docs/architecture.md, "Stock and flash sales"): every purchase takes
-- its units from one slot that no other purchase holds at that moment, so that a rush on one product
-- does not queue on one row. The product's stock is the sum of its slots; the existing stock is dealt
-- into 16 slots (STOCK_SLOTS in modules/mining/stock.ts), as setStock deals it. It drops
-- miner_products.stock, which older code reads: stop the old processes first (docs/operations.md,
-- "Deploying a release (migrations)").
CREATE TABLE "miner_stock_slots" (
	"product_id" bigint NOT NULL,
	"slot" smallint NOT NULL,
	"stock" integer NOT NULL,
	CONSTRAINT "miner_stock_slots_product_id_slot_pk" PRIMARY KEY("product_id","slot"),
	CONSTRAINT "miner_stock_slots_not_negative" CHECK ("miner_stock_slots"."stock" >= 0)
);--> statement-breakpoint
ALTER TABLE "miner_stock_slots" ADD CONSTRAINT "miner_stock_slots_product_id_miner_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."miner_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "miner_stock_slots" ("product_id", "slot", "stock")
	SELECT p."id", s, p."stock" / 16 + (s < p."stock" % 16)::int
	FROM "miner_products" p CROSS JOIN generate_series(0, 15) s;--> statement-breakpoint
ALTER TABLE "miner_products" DROP CONSTRAINT "miner_products_stock_not_negative";--> statement-breakpoint
ALTER TABLE "miner_products" DROP COLUMN "stock";
