// The local EVM of the chain tests (`hardhat node`, started and stopped by apps/api/test/chain.ts).
// Nothing here reaches a network: no forking, no compiler downloads (tests compile with npm's solc).
module.exports = {
  networks: {
    hardhat: {
      // 31337 for the API tests; the e2e server runs the app's default chain id (56) against it.
      chainId: Number(process.env.LOCAL_CHAIN_ID || 31337),
      mining: { auto: true, interval: 0 },
      // As a real node: a reverted transaction is mined and reported in its receipt, not as an error.
      throwOnTransactionFailures: false,
    },
  },
};
