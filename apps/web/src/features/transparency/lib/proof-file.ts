import type { LiabilityProofAnswer } from '@minecloud/contract/transparency';

/** The file a member saves: the whole answer, which `npm run proof:verify` reads as it is. */
export function proofFileText(answer: LiabilityProofAnswer): string {
  return `${JSON.stringify(answer, null, 2)}\n`;
}

export function proofFileName(answer: LiabilityProofAnswer): string {
  return `proof-${answer.asset}-${answer.day}.json`;
}

/** Saves `text` as a file through a temporary link (no server round trip). */
export function saveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
