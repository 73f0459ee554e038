/**
 * What a member must know of the chain before sending anything: its name, the standard of its
 * tokens, and where to look a transaction up. Deposits and withdrawals happen on one chain
 * (CHAIN_ID); an address of another network, or a transfer sent on one, loses the money.
 */
export type ChainFacts = { id: number; name: string; standard: string; explorer: string | null };

const KNOWN: Record<number, Omit<ChainFacts, 'id'>> = {
  1: { name: 'Ethereum', standard: 'ERC-20', explorer: 'https://etherscan.io' },
  56: { name: 'BNB Smart Chain', standard: 'BEP-20', explorer: 'https://bscscan.com' },
  97: { name: 'BNB Smart Chain Testnet', standard: 'BEP-20', explorer: 'https://testnet.bscscan.com' },
  137: { name: 'Polygon PoS', standard: 'ERC-20', explorer: 'https://polygonscan.com' },
  11155111: { name: 'Sepolia', standard: 'ERC-20', explorer: 'https://sepolia.etherscan.io' },
};

/** The facts of chain `id`; a chain not listed here is named by its id, with EVM tokens (ERC-20). */
export function chainFacts(id: number): ChainFacts {
  return { id, ...(KNOWN[id] ?? { name: `EVM chain ${id}`, standard: 'ERC-20', explorer: null }) };
}
