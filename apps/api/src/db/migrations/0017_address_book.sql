-- The address book (schema/wallet.ts, withdrawalAddresses) and the mail that announces a saved address.
CREATE TABLE "withdrawal_addresses" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
  "user_id" bigint NOT NULL,
  "address" text NOT NULL,
  "label" text NOT NULL,
  "usable_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "withdrawal_addresses_label_length" CHECK (char_length("withdrawal_addresses"."label") <= 30),
  CONSTRAINT "withdrawal_addresses_wait" CHECK ("withdrawal_addresses"."usable_at" >= "withdrawal_addresses"."created_at")
);--> statement-breakpoint
ALTER TABLE "withdrawal_addresses" ADD CONSTRAINT "withdrawal_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_addresses_user_address_idx" ON "withdrawal_addresses" USING btree ("user_id","address");--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_template";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_template" CHECK ("mail_outbox"."template" in ('email_code', 'address_added'));
