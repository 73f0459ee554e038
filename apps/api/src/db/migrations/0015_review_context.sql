CREATE INDEX "withdrawals_address_idx" ON "withdrawals" USING btree ("address","user_id");--> statement-breakpoint
CREATE INDEX "transfers_kind_credit_idx" ON "transfers" USING btree ("kind","credit_account_id");
