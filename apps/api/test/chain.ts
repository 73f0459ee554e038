import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';
import {
  type Abi,
  type Address,
  createTestClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  parseEther,
  publicActions,
} from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { freePort } from './net.ts';

/**
 * A local EVM for the chain tests: `hardhat node` (hardhat 2) on 127.0.0.1 at a free port, started
 * and stopped by the test, with an ERC-20 compiled here by npm's solc and deployed by the test.
 * Every key is generated per run and funded with hardhat_setBalance: no key is in the repository,
 * and nothing leaves the machine.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const chainDir = path.join(here, 'chain');
const hardhatCli = path.join(
  path.dirname(createRequire(import.meta.url).resolve('hardhat/package.json')),
  'internal/cli/cli.js',
);

let compiled: { abi: Abi; bytecode: Hex } | undefined;

/** The test token, compiled once per process. */
export function testTokenArtifact(): { abi: Abi; bytecode: Hex } {
  if (compiled) return compiled;
  const input = {
    language: 'Solidity',
    sources: { 'TestToken.sol': { content: readFileSync(path.join(chainDir, 'TestToken.sol'), 'utf8') } },
    settings: {
      evmVersion: 'shanghai',
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { TestToken: ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === 'error');
  if (errors.length) throw new Error(`TestToken.sol: ${JSON.stringify(errors)}`);
  const contract = output.contracts['TestToken.sol'].TestToken;
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  return compiled;
}

function waitForStart(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`hardhat node did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Started HTTP and WebSocket JSON-RPC server')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`hardhat node exited with ${code}:\n${output}`));
    });
  });
}

export type LocalChain = Awaited<ReturnType<typeof startLocalChain>>;

export async function startLocalChain(options: { chainId?: number } = {}) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [hardhatCli, 'node', '--config', 'hardhat.config.cjs', '--hostname', '127.0.0.1', '--port', String(port)],
    {
      cwd: chainDir,
      env: {
        ...process.env,
        HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
        DO_NOT_TRACK: '1',
        LOCAL_CHAIN_ID: String(options.chainId ?? 31337),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await waitForStart(child);
  // Keep reading, or a full pipe would stall the node.
  child.stdout?.resume();
  child.stderr?.resume();
  const url = `http://127.0.0.1:${port}`;
  const transport = http(url, { retryCount: 0 });
  const local = defineChain({ ...hardhat, id: options.chainId ?? hardhat.id });
  const client = createTestClient({ chain: local, mode: 'hardhat', transport }).extend(publicActions);

  const walletOf = (account: PrivateKeyAccount) => createWalletClient({ account, chain: local, transport });

  /** A new key with `ether` of gas money. */
  async function newAccount(ether = '10'): Promise<PrivateKeyAccount & { key: Hex }> {
    const key = generatePrivateKey();
    const account = privateKeyToAccount(key);
    await client.setBalance({ address: account.address, value: parseEther(ether) });
    return Object.assign(account, { key });
  }

  const deployer = await newAccount('100');

  return {
    url,
    client,
    newAccount,
    walletOf,
    async deployToken(symbol: string, decimals: number): Promise<Address> {
      const { abi, bytecode } = testTokenArtifact();
      const hash = await walletOf(deployer).deployContract({ abi, bytecode, args: [symbol, symbol, decimals] });
      const receipt = await client.waitForTransactionReceipt({ hash });
      if (!receipt.contractAddress) throw new Error('token not deployed');
      return receipt.contractAddress;
    },
    async mint(token: Address, to: Address, value: bigint) {
      const hash = await walletOf(deployer).writeContract({
        address: token,
        abi: testTokenArtifact().abi,
        functionName: 'mint',
        args: [to, value],
      });
      await client.waitForTransactionReceipt({ hash });
    },
    /** A token transfer signed by `from`, as a member's wallet would send it; mined at once. */
    async sendToken(from: PrivateKeyAccount, token: Address, to: Address, value: bigint): Promise<Hex> {
      const hash = await walletOf(from).writeContract({
        address: token,
        abi: testTokenArtifact().abi,
        functionName: 'transfer',
        args: [to, value],
      });
      await client.waitForTransactionReceipt({ hash });
      return hash;
    },
    async tokenBalance(token: Address, who: Address): Promise<bigint> {
      return (await client.readContract({
        address: token,
        abi: testTokenArtifact().abi,
        functionName: 'balanceOf',
        args: [who],
      })) as bigint;
    },
    async mine(blocks: number) {
      await client.mine({ blocks });
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
