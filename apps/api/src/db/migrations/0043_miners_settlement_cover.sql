-- The daily settlement sums each member's miners a range of member ids at a time (docs/operations.md,
-- section 5 "Chunks"): 100,000 miners a chunk, read from the table page by page when the index on
-- (user_id, status, id) gives only where they are. With the three columns the sum needs carried in
-- the index, the chunk reads the index alone (the table's pages are all-visible once vacuumed, and
-- miners rarely change). The member's own lists use the same index as before. Building it locks
-- the table against writes for as long as it takes: seconds at a million miners.
DROP INDEX "miners_user_status_idx";--> statement-breakpoint
CREATE INDEX "miners_user_status_idx" ON "miners" USING btree ("user_id","status","id") INCLUDE ("hash_rate","start_at","end_at");
