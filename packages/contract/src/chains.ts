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

/**
 * The chain as a wallet is asked to add it (EIP-3085 `wallet_addEthereumChain`) before a deposit
 * is paid from it: its name, its native currency (the gas) and a public JSON-RPC node. `rpcUrls`
 * is empty when none is known: a wallet cannot add a chain without one, and the member is told to
 * add it by hand.
 */
export type WalletChain = {
  id: number;
  name: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: string[];
  explorer: string | null;
};

/**
 * The gas token and the public node of each chain above: the chain's own operators' endpoints (BNB
 * Chain's data seeds, Polygon's); Ethereum and Sepolia come with every wallet, so none is named.
 */
const NETWORKS: Record<number, { currency: { name: string; symbol: string }; rpc: string | null }> = {
  1: { currency: { name: 'Ether', symbol: 'ETH' }, rpc: null },
  56: { currency: { name: 'BNB', symbol: 'BNB' }, rpc: 'https://bsc-dataseed.bnbchain.org' },
  97: { currency: { name: 'tBNB', symbol: 'tBNB' }, rpc: 'https://data-seed-prebsc-1-s1.bnbchain.org:8545' },
  137: { currency: { name: 'POL', symbol: 'POL' }, rpc: 'https://polygon-rpc.com' },
  11155111: { currency: { name: 'Sepolia Ether', symbol: 'ETH' }, rpc: null },
};

/** Chain `id` as a wallet adds it; `publicRpcUrl` (CHAIN_PUBLIC_RPC_URL) comes before the known node. */
export function walletChain(id: number, publicRpcUrl: string | null): WalletChain {
  const facts = chainFacts(id);
  const known = NETWORKS[id];
  const rpc = publicRpcUrl ?? known?.rpc ?? null;
  return {
    id,
    name: facts.name,
    nativeCurrency: { ...(known?.currency ?? { name: 'Ether', symbol: 'ETH' }), decimals: 18 },
    rpcUrls: rpc ? [rpc] : [],
    explorer: facts.explorer,
  };
}
