-- Operators' TOTP secrets at rest are sealed (AES-256-GCM) with a key of TOTP_KEYS, whose id is
-- kept here beside each ciphertext, so that keys can be rotated (docs/operations.md, "Keys and
-- secrets"). SQL cannot seal without the key: the secrets stored in clear before this migration
-- (a secret and no key id) are sealed by every process when it starts, and by `totp-rotate`.
ALTER TABLE "operators" ADD COLUMN "totp_key_id" text;
