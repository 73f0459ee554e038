import type { LiabilityProofAnswer } from '@minecloud/contract/transparency';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { paths } from '@/config/paths';
import { DEFAULT_SESSION, useSession } from '@/lib/session';
import { callsTo, failure } from '@/test/calls';
import { OWN_ID } from '@/test/fixtures/money';
import { signInBeforeEachTest } from '@/test/page-setup';
import { ok, renderApp } from '@/test/render-app';
import {
  buildTree,
  DAY,
  liabilitiesList,
  PROOF,
  publishedRoot,
  transparencyServer,
} from '../testing/transparency-fixtures';

// "Check my balance" on the transparency page: the member's proof, verified in the browser.
const PROOF_PAGE = paths.transparency.href({ section: 'proof', asset: 'USDT' });

signInBeforeEachTest();

/** A copy of the member's valid proof with `change` applied to it. */
function tampered(change: (answer: LiabilityProofAnswer) => void): LiabilityProofAnswer {
  const answer = structuredClone(buildTree().answer);
  change(answer);
  return answer;
}

async function verdictOf(proof: LiabilityProofAnswer, published = liabilitiesList(publishedRoot(buildTree().root))) {
  transparencyServer({ proof, published });
  renderApp(PROOF_PAGE);
  return screen.findByTestId(/^proof-(verified|failed)$/);
}

describe('transparency: check my balance', () => {
  it("verifies the member's proof in the browser and against the published root", async () => {
    const fetchMock = transparencyServer();
    renderApp(PROOF_PAGE);
    const verified = await screen.findByTestId('proof-verified');
    expect(verified).toHaveTextContent(`已验证：您 ${DAY} 的余额 12.5 USDT 包含在已公布的总额 149.75 USDT 中`);
    expect(callsTo(fetchMock, PROOF)[0]?.url.searchParams.get('asset')).toBe('USDT');

    const { answer } = buildTree();
    expect(screen.getByTestId('proof-member')).toHaveTextContent(OWN_ID);
    expect(screen.getByTestId('proof-balance')).toHaveTextContent('12.5 USDT');
    expect(screen.getByTestId('proof-root-sum')).toHaveTextContent('149.75 USDT');
    expect(screen.getByTestId('proof-root')).toHaveAttribute('title', answer.proof.root.hash);
    expect(screen.getByTestId('proof-steps')).toHaveTextContent(`路径：${answer.proof.path.length} 步`);
    expect(screen.getAllByTestId('proof-step')).toHaveLength(answer.proof.path.length);
    expect(screen.getByTestId('proof-details')).toHaveTextContent(`npm run proof:verify -- proof-USDT-${DAY}.json`);
  });

  it('copies the proof and saves it as a JSON file the command-line verifier reads', async () => {
    transparencyServer();
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(navigator, 'clipboard');
    });
    // jsdom has no object URLs: keep the Blob the page saves.
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:proof';
      },
      revokeObjectURL: () => {},
    });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe(`proof-USDT-${DAY}.json`);
    });
    renderApp(PROOF_PAGE);
    await screen.findByTestId('proof-verified');

    await userEvent.click(screen.getByTestId('proof-copy'));
    const copied = JSON.parse(String(writeText.mock.calls[0]?.[0] ?? '')) as LiabilityProofAnswer;
    expect(copied).toEqual(buildTree().answer);

    await userEvent.click(screen.getByTestId('proof-download'));
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(blobs).toHaveLength(1);
    const saved = JSON.parse(await (blobs[0] as Blob).text()) as LiabilityProofAnswer;
    expect(saved.proof).toEqual(buildTree().answer.proof);
  });

  it.each([
    [
      'a changed sum on the path',
      (a: LiabilityProofAnswer) => {
        const step = a.proof.path[0];
        if (step) step.sum = (BigInt(step.sum) + 1n).toString();
      },
      'rootMismatch',
      '路径无法推导出证明中的根哈希和总额',
    ],
    [
      'a changed sibling hash',
      (a: LiabilityProofAnswer) => {
        const step = a.proof.path[1];
        if (step) step.hash = step.hash.replace(/^./, (c) => (c === '0' ? '1' : '0'));
      },
      'rootMismatch',
      '路径无法推导出证明中的根哈希和总额',
    ],
    [
      "another member's leaf on the same path",
      (a: LiabilityProofAnswer) => {
        a.proof.userId = '100099';
        a.proof.amount = '99000000';
      },
      'rootMismatch',
      '路径无法推导出证明中的根哈希和总额',
    ],
    [
      'a bigger balance claimed on the same path',
      (a: LiabilityProofAnswer) => {
        a.proof.amount = '13500000';
      },
      'rootMismatch',
      '路径无法推导出证明中的根哈希和总额',
    ],
    [
      'a negative sum',
      (a: LiabilityProofAnswer) => {
        const step = a.proof.path[0];
        if (step) step.sum = `-${step.sum}`;
      },
      'negativeSum',
      '路径中有负数的和',
    ],
    [
      'a sum out of range',
      (a: LiabilityProofAnswer) => {
        const step = a.proof.path[0];
        if (step) step.sum = (1n << 128n).toString();
      },
      'outOfRange',
      '路径中有超出范围的和',
    ],
    [
      'a malformed salt',
      (a: LiabilityProofAnswer) => {
        a.proof.salt = 'not-hex';
      },
      'malformed',
      '证明格式不正确',
    ],
  ])('does not verify a proof with %s', async (_name, change, reason, text) => {
    const verdict = await verdictOf(tampered(change));
    expect(verdict).toHaveAttribute('data-testid', 'proof-failed');
    expect(verdict).toHaveTextContent('未通过验证');
    expect(within(verdict).getByTestId('proof-failed-reason')).toHaveAttribute('data-reason', reason);
    expect(within(verdict).getByTestId('proof-failed-reason')).toHaveTextContent(text);
    // The details stay, so the member can see and keep what failed.
    expect(screen.getByTestId('proof-details')).toBeInTheDocument();
  });

  it('does not verify a consistent proof whose root is not the published one', async () => {
    // A whole tree of its own, in which the member holds more: valid in itself, but not what was published.
    const forged = buildTree(OWN_ID, 20_000_000n).answer;
    const verdict = await verdictOf(forged);
    expect(verdict).toHaveAttribute('data-testid', 'proof-failed');
    expect(within(verdict).getByTestId('proof-failed-reason')).toHaveAttribute('data-reason', 'notPublishedRoot');
    expect(verdict).toHaveTextContent('证明中的根与已公布的根不一致');
  });

  it('does not verify when the published total differs from the proof, even with the same root hash', async () => {
    const { root } = buildTree();
    const published = liabilitiesList(publishedRoot(root, { totalUnits: '149740000', total: '149.74' }));
    const verdict = await verdictOf(buildTree().answer, published);
    expect(within(verdict).getByTestId('proof-failed-reason')).toHaveAttribute('data-reason', 'notPublishedRoot');
  });

  it('does not verify when no root was published for the proof’s day', async () => {
    const { root } = buildTree();
    const published = liabilitiesList(publishedRoot(root)).filter((row) => row.day !== DAY);
    const verdict = await verdictOf(buildTree().answer, published);
    expect(within(verdict).getByTestId('proof-failed-reason')).toHaveAttribute('data-reason', 'notPublished');
  });

  it("does not verify another member's valid proof as the reader's", async () => {
    const theirs = buildTree('100077');
    const verdict = await verdictOf(theirs.answer, liabilitiesList(publishedRoot(theirs.root)));
    expect(within(verdict).getByTestId('proof-failed-reason')).toHaveAttribute('data-reason', 'notMine');
    expect(verdict).toHaveTextContent('证明中的会员 ID 不是您的');
  });

  it('checks the asset picked, from ?asset= or the tabs', async () => {
    const fetchMock = transparencyServer(
      {},
      { [`GET /app-api/${PROOF}`]: () => ({ status: 404, body: { code: 1120, data: null, msg: '' } }) },
    );
    renderApp(paths.transparency.href({ section: 'proof', asset: 'BTC' }));
    expect(await screen.findByTestId('liability-root-BTC')).toBeInTheDocument();
    expect(screen.getByTestId('liability-asset-BTC')).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByTestId('proof-none')).toHaveTextContent('暂时没有您的 BTC 余额证明');
    await userEvent.click(screen.getByTestId('liability-asset-GOLD'));
    expect(await screen.findByTestId('proof-none')).toHaveTextContent('暂时没有您的 金币 余额证明');
    expect(callsTo(fetchMock, PROOF).map((call) => call.url.searchParams.get('asset'))).toEqual(['BTC', 'GOLD']);
  });

  it('offers a retry when the proof could not be loaded', async () => {
    let fail = true;
    const { answer } = buildTree();
    transparencyServer({}, { [`GET /app-api/${PROOF}`]: () => (fail ? failure : ok(answer)) });
    renderApp(PROOF_PAGE);
    const error = await screen.findByTestId('proof-error');
    expect(error).toHaveTextContent('余额证明加载失败');
    fail = false;
    await userEvent.click(within(error).getByTestId('error-retry'));
    expect(await screen.findByTestId('proof-verified')).toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in, and asks for no proof', async () => {
    useSession.setState({ ...DEFAULT_SESSION });
    const fetchMock = transparencyServer();
    const { router } = renderApp(PROOF_PAGE);
    const prompt = await screen.findByTestId('proof-sign-in');
    expect(prompt).toHaveTextContent('登录后即可在浏览器中验证您的余额');
    // The public parts still show.
    expect(await screen.findByTestId('liability-root-USDT')).toBeInTheDocument();
    expect(callsTo(fetchMock, PROOF)).toHaveLength(0);
    await userEvent.click(within(prompt).getByTestId('proof-sign-in-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login.path));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(PROOF_PAGE);
  });
});
