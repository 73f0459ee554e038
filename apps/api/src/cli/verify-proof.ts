// `npm run proof:verify -- <proof.json> [--solvency <solvency.json>] [--rpc <url>]`: checks a saved
// proof of liabilities on this machine (the member's leaf, every sibling up to the root, the root's
// hash and total, no sum negative: contract/merkle-sum.ts, the same code the app runs). With
// `--solvency` (the saved answer of GET /app-api/transparency/solvency), also the proof of solvency
// from the proof's day to the newest: every reserve address's signature, each day's commitment and
// its link to the day before, and the proof's root in the first day (contract/solvency.ts). With
// `--rpc`, a chain node of your choice is asked: each anchor transaction carries its day's
// commitment and was sent by the hot wallet, and each reserve address held what is shown at the
// block named. Exit 0: valid; 1: invalid; 2: unreadable or bad usage.
import { readFileSync } from 'node:fs';
import { type LiabilityProof, verifyProof } from '@minecloud/contract/merkle-sum';
import {
  type ChainProblem,
  checkChain,
  checkOnChain,
  rpcOver,
  type SolvencyDay,
  type SolvencyProblem,
  solvencyAnswerSchema,
} from '@minecloud/contract/solvency';
import { recoverMessageAddress } from 'viem';

const REASONS = {
  malformed: 'a field is not in the proof format',
  negativeSum: 'a sum on the path is negative',
  outOfRange: 'a sum on the path is out of range',
  rootMismatch: 'the path does not lead to the published root and total',
} as const;

const USAGE = 'usage: npm run proof:verify -- <proof.json> [--solvency <solvency.json>] [--rpc <url>]';

function usage(message?: string): never {
  if (message) console.error(message);
  console.error(USAGE);
  process.exit(2);
}

const args = process.argv.slice(2);
const options: { file?: string; solvency?: string; rpc?: string } = {};
for (let i = 0; i < args.length; i++) {
  const arg = args[i] as string;
  if (arg === '--solvency' || arg === '--rpc') {
    const value = args[++i];
    if (!value) usage(`${arg} needs a value`);
    options[arg === '--rpc' ? 'rpc' : 'solvency'] = value;
  } else if (arg.startsWith('--')) usage(`unknown option ${arg}`);
  else if (options.file) usage(`one proof file only (got ${options.file} and ${arg})`);
  else options.file = arg;
}
if (!options.file) usage();
if (options.rpc && !options.solvency) usage('--rpc checks a proof of solvency: give it with --solvency');

function readJson(file: string, what: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`cannot read ${what} from ${file}: ${(error as Error).message}`);
    process.exit(2);
  }
}

let proof: LiabilityProof;
{
  const parsed = readJson(options.file, 'a proof') as LiabilityProof | { proof: LiabilityProof } | null;
  proof = (parsed && typeof parsed === 'object' && 'proof' in parsed ? parsed.proof : parsed) as LiabilityProof;
  if (!proof || typeof proof !== 'object' || !Array.isArray(proof.path) || !proof.root) {
    console.error(`cannot read a proof from ${options.file}: not a proof`);
    process.exit(2);
  }
}
const verdict = verifyProof(proof);
if (verdict.ok) {
  console.log(`proof VALID: member ${proof.userId}'s ${proof.amount} (atomic units) is in the published total`);
  console.log(`  ${verdict.total}, root ${proof.root.hash}, ${proof.path.length} steps, no negative sum`);
} else {
  console.log(`proof INVALID: ${REASONS[verdict.reason]}`);
  process.exitCode = 1;
}

function describe(problem: SolvencyProblem | ChainProblem): string {
  switch (problem.kind) {
    case 'commitmentMismatch':
      return `${problem.day}: the commitment is not the hash of what the day shows`;
    case 'brokenChain':
      return `${problem.day}: does not name the commitment of the day before it`;
    case 'totalsMismatch':
      return `${problem.day} ${problem.asset}: the reserve total is not the sum of its addresses`;
    case 'ratioMismatch':
      return `${problem.day} ${problem.asset}: the ratio does not follow from reserves and liabilities`;
    case 'badSignature':
      return `${problem.day}: ${problem.address} did not sign the day's message`;
    case 'rootMismatch':
      return `${problem.day} ${problem.asset}: your proof's root is not the one in the chain`;
    case 'proofDayMissing':
      return `${problem.day}: your proof's day is not in the solvency file`;
    case 'anchorMissing':
      return `${problem.day}: the anchor transaction is not on chain`;
    case 'anchorMismatch':
      return `${problem.day}: the anchor transaction does not carry the commitment, or not from the hot wallet`;
    case 'anchorFailed':
      return `${problem.day}: the anchor transaction failed`;
    case 'blockMismatch':
      return `${problem.day}: the chain has another block at that number`;
    case 'chainMismatch':
      return `${problem.day}: the node is on another chain`;
    case 'textMismatch':
      return `${problem.day} ${problem.asset}: an amount shown differs from the units committed to`;
    case 'balanceMismatch':
      return `${problem.day} ${problem.asset}: ${problem.address} held another balance at the block`;
    case 'rpcError':
      return `${problem.day}: the chain node did not answer (${problem.message})`;
  }
}

if (options.solvency) {
  const raw = readJson(options.solvency, 'a proof of solvency') as { data?: unknown } | null;
  // The saved answer, or the whole envelope the server sent.
  const parsed = solvencyAnswerSchema.safeParse(raw && typeof raw === 'object' && 'data' in raw ? raw.data : raw);
  if (!parsed.success) {
    console.error(`cannot read a proof of solvency from ${options.solvency}: ${parsed.error.issues[0]?.message}`);
    process.exit(2);
  }
  const list = parsed.data.list;
  // The proof's day: the published day whose tree has the proof's root.
  const proofDay = list.find((d) => d.assets.some((a) => a.liabilities.root === proof.root.hash));
  const asset = proofDay?.assets.find((a) => a.liabilities.root === proof.root.hash)?.asset;
  const recover = (message: string, signature: string) =>
    recoverMessageAddress({ message, signature: signature as `0x${string}` });
  const chained = proofDay
    ? await checkChain(list, proofDay.day, recover, { asset: asset as string, root: proof.root.hash })
    : { ok: false, days: 0, problems: [{ kind: 'rootMismatch', day: 'none', asset: 'any' } as SolvencyProblem] };
  const problems: (SolvencyProblem | ChainProblem)[] = [...chained.problems];
  const span = proofDay ? list.filter((d) => d.day >= proofDay.day) : [];
  if (options.rpc) {
    const rpc = rpcOver(options.rpc);
    for (const day of span) problems.push(...(await checkOnChain(day as SolvencyDay, rpc)));
  }
  if (!proofDay) console.log("solvency INVALID: no published day has your proof's root");
  else if (problems.length === 0) {
    const newest = span.reduce((a, b) => (a.day > b.day ? a : b));
    console.log(
      `solvency VALID: ${chained.days} days chained from ${proofDay.day} to ${newest.day}${options.rpc ? ', anchored and held on chain' : ''}`,
    );
    for (const a of newest.assets) {
      if (a.reserves)
        console.log(
          `  ${a.asset}: reserves ${a.reserves.total} for liabilities ${a.liabilities.total}, ratio ${a.ratio ?? '—'}${a.covered ? '' : ' (BELOW 1: not covered)'}`,
        );
    }
  } else {
    console.log('solvency INVALID:');
    for (const problem of problems) console.log(`  ${describe(problem)}`);
  }
  if (!proofDay || problems.length) process.exitCode = 1;
}
