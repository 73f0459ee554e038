import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';
import { type Abi, type Address, getAddress, type Hex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { LocalChain } from './chain.ts';

/**
 * A smart-contract wallet (EIP-1271) on the local chain, for sign-in tests: compiled here by npm's
 * solc from chain/TestWallet1271.sol and deployed by a fresh funded key. Its owner's key signs for it.
 */

const source = path.join(path.dirname(fileURLToPath(import.meta.url)), 'chain', 'TestWallet1271.sol');
let compiled: { abi: Abi; bytecode: Hex } | undefined;

function walletArtifact(): { abi: Abi; bytecode: Hex } {
  if (compiled) return compiled;
  const input = {
    language: 'Solidity',
    sources: { 'TestWallet1271.sol': { content: readFileSync(source, 'utf8') } },
    settings: {
      evmVersion: 'shanghai',
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { TestWallet1271: ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === 'error');
  if (errors.length) throw new Error(`TestWallet1271.sol: ${JSON.stringify(errors)}`);
  const contract = output.contracts['TestWallet1271.sol'].TestWallet1271;
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  return compiled;
}

/** Deploys a contract wallet owned by `owner`; answers its address (checksummed, as members are stored). */
export async function deployContractWallet(chain: LocalChain, owner: PrivateKeyAccount): Promise<Address> {
  const { abi, bytecode } = walletArtifact();
  const deployer = await chain.newAccount('1');
  const hash = await chain.walletOf(deployer).deployContract({ abi, bytecode, args: [owner.address] });
  const receipt = await chain.client.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error('contract wallet not deployed');
  return getAddress(receipt.contractAddress);
}
