CREATE TABLE "candles_1h" (
	"symbol" text NOT NULL,
	"open_time" timestamp with time zone NOT NULL,
	"open" numeric NOT NULL,
	"high" numeric NOT NULL,
	"low" numeric NOT NULL,
	"close" numeric NOT NULL,
	"volume" numeric NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "candles_1h_symbol_open_time_pk" PRIMARY KEY("symbol","open_time"),
	CONSTRAINT "candles_1h_shape" CHECK ("candles_1h"."low" <= least("candles_1h"."open", "candles_1h"."close") and "candles_1h"."high" >= greatest("candles_1h"."open", "candles_1h"."close") and "candles_1h"."low" > 0 and "candles_1h"."volume" >= 0)
);
--> statement-breakpoint
CREATE TABLE "candles_1m" (
	"symbol" text NOT NULL,
	"open_time" timestamp with time zone NOT NULL,
	"open" numeric NOT NULL,
	"high" numeric NOT NULL,
	"low" numeric NOT NULL,
	"close" numeric NOT NULL,
	"volume" numeric NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "candles_1m_symbol_open_time_pk" PRIMARY KEY("symbol","open_time"),
	CONSTRAINT "candles_1m_shape" CHECK ("candles_1m"."low" <= least("candles_1m"."open", "candles_1m"."close") and "candles_1m"."high" >= greatest("candles_1m"."open", "candles_1m"."close") and "candles_1m"."low" > 0 and "candles_1m"."volume" >= 0)
);
--> statement-breakpoint
CREATE TABLE "market_feed" (
	"part" text PRIMARY KEY NOT NULL,
	"ok_at" timestamp with time zone,
	"error" text,
	"error_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "market_symbols" (
	"symbol" text PRIMARY KEY NOT NULL,
	"base" text NOT NULL,
	"name" text NOT NULL,
	"chain" boolean DEFAULT true NOT NULL,
	"sort" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_tickers" (
	"symbol" text PRIMARY KEY NOT NULL,
	"price" numeric NOT NULL,
	"open_24h" numeric NOT NULL,
	"high_24h" numeric NOT NULL,
	"low_24h" numeric NOT NULL,
	"volume_24h" numeric NOT NULL,
	"quote_volume_24h" numeric NOT NULL,
	"change_24h_pct" numeric NOT NULL,
	"source" text NOT NULL,
	"as_of" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rounds" (
	"period" smallint NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"period_no" bigint NOT NULL,
	"symbol" text NOT NULL,
	"open_price" numeric,
	"close_price" numeric,
	"result" text,
	"source" text,
	"settled_at" timestamp with time zone,
	CONSTRAINT "rounds_period_start_at_pk" PRIMARY KEY("period","start_at"),
	CONSTRAINT "rounds_result" CHECK ("rounds"."result" in ('up', 'down', 'flat')),
	CONSTRAINT "rounds_settled" CHECK (("rounds"."result" is null) = ("rounds"."settled_at" is null) and ("rounds"."result" is null) = ("rounds"."close_price" is null))
);
--> statement-breakpoint
CREATE INDEX "rounds_pending_idx" ON "rounds" USING btree ("period","start_at") WHERE "rounds"."result" is null;--> statement-breakpoint
INSERT INTO "market_symbols" ("symbol", "base", "name", "chain", "sort") VALUES
	('BTCUSDT', 'BTC', 'Bitcoin', false, 1),
	('ETHUSDT', 'ETH', 'Ethereum', false, 2),
	('BNBUSDT', 'BNB', 'BNB Chain', true, 3),
	('SOLUSDT', 'SOL', 'Solana', true, 4),
	('TRXUSDT', 'TRX', 'TRON', true, 5),
	('ADAUSDT', 'ADA', 'Cardano', true, 6),
	('DOTUSDT', 'DOT', 'Polkadot', true, 7),
	('AVAXUSDT', 'AVAX', 'Avalanche', true, 8);
