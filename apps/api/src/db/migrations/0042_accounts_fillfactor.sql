-- Accounts are the most updated rows there are: every money move changes two balances, and the
-- daily settlement one per member (docs/operations.md, section 5 "Chunks"). With pages filled to
-- the brim, an update finds no room beside its row and writes the new version elsewhere, with an
-- entry in each of the table's two indexes; with a fifth of each page kept free, it stays on its
-- page with no index entry (a HOT update), and the old version is pruned on a later read. New pages
-- are filled to 80% from now on; pages written before fill up as they are rewritten.
ALTER TABLE "accounts" SET (fillfactor = 80);
