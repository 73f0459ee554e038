/** Every production setting, of the right shape; no chain or server has ever seen any of them. */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u@h/db',
  JWT_SECRET: 'x'.repeat(40),
  PUBLIC_ORIGIN: 'https://app.example.com',
  ADMIN_BOOTSTRAP_PASSWORD: 'a-long-operator-password',
  SMTP_URL: 'smtp://mail.example.com',
  CHAIN_RPC_URL: 'https://rpc.example.com',
  MARKET_SOURCE_URL: 'https://market.example.com',
  DEPOSIT_ADDRESS: `0x${'1'.repeat(40)}`,
  PAYOUT_KEY: `0x${'11'.repeat(32)}`,
  TOKEN_USDT_ADDRESS: `0x${'2'.repeat(40)}`,
  // The key pair of the private key 0x22…22.
  VAPID_PUBLIC_KEY: 'BNZak5d8qj0bCBhS_1ennkZfFmBXcwS66tUF3TpIWJzzUBheiVNy32Ih6joTdVfkc_3bZ1XwW9UHw8Uz_OnJEoU',
  VAPID_PRIVATE_KEY: 'IiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiI',
};
