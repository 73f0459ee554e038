import type { ReservesAnswer } from '@minecloud/contract/console';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockApi } from '@/test/fetch';
import { button, dialogWith, fill, quickUser } from '@/test/interact';
import { renderWithApp, switchLanguage } from '@/test/render';
import { ReservesPage } from './reserves-page';

const HOT = `0x${'ab'.repeat(20)}`;
const VAULT = `0x${'11'.repeat(20)}`;
const LATE = `0x${'22'.repeat(20)}`;
const GONE = `0x${'33'.repeat(20)}`;

const RESERVES: ReservesAnswer = {
  chainId: 56,
  today: '2026-12-01',
  hotWallet: HOT,
  cold: [
    {
      address: VAULT,
      label: 'Vault A',
      addedAt: '2026-11-01T02:00:00.000Z',
      removedAt: null,
      signedAhead: 31,
      lastSignedDay: '2026-12-31',
      unsignedSoon: null,
    },
    {
      address: LATE,
      label: 'Vault B',
      addedAt: '2026-11-02T02:00:00.000Z',
      removedAt: null,
      signedAhead: 0,
      lastSignedDay: null,
      unsignedSoon: '2026-12-01',
    },
    {
      address: GONE,
      label: 'Old vault',
      addedAt: '2026-10-01T02:00:00.000Z',
      removedAt: '2026-10-20T02:00:00.000Z',
      signedAhead: 0,
      lastSignedDay: null,
      unsignedSoon: null,
    },
  ],
  days: [
    {
      day: '2026-11-30',
      chainId: 56,
      assets: [
        { asset: 'GOLD', ratio: null, covered: null },
        { asset: 'USDT', ratio: '0.9500', covered: false },
        { asset: 'BTC', ratio: '1.2000', covered: true },
      ],
      anchor: { txHash: `0x${'c'.repeat(64)}`, blockNumber: null },
      anchorError: null,
      publishedAt: '2026-11-30T16:02:10.000Z',
    },
    {
      day: '2026-11-29',
      chainId: 56,
      assets: [{ asset: 'USDT', ratio: '1.0100', covered: true }],
      anchor: { txHash: `0x${'d'.repeat(64)}`, blockNumber: '4242' },
      anchorError: null,
      publishedAt: '2026-11-29T16:02:10.000Z',
    },
  ],
};

/** A file as `npm run reserves:sign` writes it (the signatures need not verify here: the server checks). */
function signedFile(address: string, chainId = 56, days = 3) {
  const signatures = Array.from({ length: days }, (_, i) => {
    const day = `2026-12-${String(i + 1).padStart(2, '0')}`;
    return { day, message: `MineCloud proof of reserves\nsnapshot: ${day}`, signature: `0x${'1'.repeat(130)}` };
  });
  const text = JSON.stringify({ format: 'minecloud-reserve-signatures-v1', chainId, address, signatures });
  return new File([text], 'cold.json', { type: 'application/json' });
}

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const rowOf = async (text: string) => (await screen.findByText(text, { selector: 'td' })).closest('tr') as HTMLElement;

describe('reserves', () => {
  it('shows the hot wallet, each cold address with its signed days, and warns of a day unsigned', async () => {
    mockApi({ 'GET reserves': () => RESERVES });
    renderWithApp(<ReservesPage />, { me: { role: 'finance' } });
    expect(await screen.findByText(HOT)).toBeInTheDocument();
    const vault = within(await rowOf('Vault A'));
    expect(vault.getByText('31 of the next 31 days')).toBeInTheDocument();
    expect(vault.getByText('2026-12-31')).toBeInTheDocument();
    const late = within(await rowOf('Vault B'));
    expect(late.getByText('No signature for 2026-12-01')).toBeInTheDocument();
    expect(
      screen.getByText(/Cold address Vault B has no signature for 2026-12-01: that day’s snapshot will not count it/),
    ).toBeInTheDocument();
    const gone = within(await rowOf('Old vault'));
    expect(gone.getByText(/^Removed /)).toBeInTheDocument();
    expect(gone.queryByText('Remove')).toBeNull();
  });

  it('shows a published ratio below 1 in red, in words, with the anchor', async () => {
    mockApi({ 'GET reserves': () => RESERVES });
    renderWithApp(<ReservesPage />);
    const low = within(await rowOf('2026-11-30'));
    const usdt = low.getByText('USDT 0.9500');
    expect(usdt.closest('.ant-typography-danger')).not.toBeNull();
    expect(low.getByText('below 1')).toBeInTheDocument();
    expect(low.getByText('BTC 1.2000').closest('.ant-typography-danger')).toBeNull();
    expect(low.getByText('GOLD no reserves')).toBeInTheDocument();
    expect(low.getByText('Sent, not mined yet')).toBeInTheDocument();
    const fine = within(await rowOf('2026-11-29'));
    expect(fine.queryByText('below 1')).toBeNull();
    expect(fine.getByText('Mined in block 4242')).toBeInTheDocument();

    await switchLanguage('zh-CN');
    expect(await within(await rowOf('2026-11-30')).findByText('低于 1')).toBeInTheDocument();
    expect(screen.getByText('储备证明')).toBeInTheDocument();
  });

  it('adds a cold address after checking the form', async () => {
    const requests = mockApi({
      'GET reserves': () => RESERVES,
      'POST reserves/addresses': ({ body }) => ({ ...(body as object), addedAt: '2026-12-01T00:00:00.000Z' }),
    });
    renderWithApp(<ReservesPage />);
    const user = quickUser();
    await user.click(await screen.findByRole('button', { name: 'Add address' }));
    const modal = await dialogWith('Add a cold address');
    await user.click(button(modal, 'Add address'));
    expect(await within(modal).findByText('Enter the address')).toBeInTheDocument();
    expect(within(modal).getByText('Enter a label to tell the address by')).toBeInTheDocument();
    await fill(user, within(modal).getByLabelText('Address'), '0x1234');
    await fill(user, within(modal).getByLabelText('Label'), 'Vault C');
    await user.click(button(modal, 'Add address'));
    expect(await within(modal).findByText('An address: 0x and 40 hex digits')).toBeInTheDocument();
    expect(calls(requests, 'POST reserves/addresses')).toHaveLength(0);

    const address = `0x${'Ef'.repeat(20)}`;
    await fill(user, within(modal).getByLabelText('Address'), address);
    await user.click(button(modal, 'Add address'));
    expect(await screen.findByText('Address added')).toBeInTheDocument();
    expect(calls(requests, 'POST reserves/addresses')[0]?.body).toEqual({ address, label: 'Vault C' });
    await waitFor(() => expect(calls(requests, 'GET reserves').length).toBeGreaterThanOrEqual(2));
  });

  it('shows the server’s refusal of an address in the dialog', async () => {
    mockApi({
      'GET reserves': () => RESERVES,
      'POST reserves/addresses': () => {
        throw { code: 1130, msg: 'This is the payout hot wallet', status: 400 };
      },
    });
    renderWithApp(<ReservesPage />);
    const user = quickUser();
    await user.click(await screen.findByRole('button', { name: 'Add address' }));
    const modal = await dialogWith('Add a cold address');
    await fill(user, within(modal).getByLabelText('Address'), HOT);
    await fill(user, within(modal).getByLabelText('Label'), 'hot');
    await user.click(button(modal, 'Add address'));
    expect(await within(modal).findByText('This is the payout hot wallet')).toBeInTheDocument();
  });

  it('removes a cold address only after confirming', async () => {
    const requests = mockApi({
      'GET reserves': () => RESERVES,
      [`DELETE reserves/addresses/${VAULT}`]: () => ({ address: VAULT, removedAt: '2026-12-01T00:00:00.000Z' }),
    });
    renderWithApp(<ReservesPage />);
    const user = quickUser();
    await user.click(button(await rowOf('Vault A'), 'Remove'));
    const dialog = await dialogWith('Remove Vault A?');
    expect(within(dialog).getByText(/its balance is not counted in the reserves/)).toBeInTheDocument();
    expect(calls(requests, `DELETE reserves/addresses/${VAULT}`)).toHaveLength(0);
    await user.click(button(dialog, 'Remove'));
    expect(await screen.findByText('Address removed')).toBeInTheDocument();
    expect(calls(requests, `DELETE reserves/addresses/${VAULT}`)).toHaveLength(1);
  });

  it('reads a signature file, shows what it holds before one confirm, then what was stored', async () => {
    const requests = mockApi({
      'GET reserves': () => RESERVES,
      'POST reserves/signatures/upload': () => ({
        address: VAULT,
        chainId: 56,
        stored: 3,
        from: '2026-12-01',
        to: '2026-12-03',
      }),
    });
    renderWithApp(<ReservesPage />);
    const user = quickUser();
    await screen.findByText(HOT);
    await user.upload(fileInput(), signedFile(VAULT));
    const modal = await dialogWith('Upload these signatures?');
    expect(within(modal).getByText(VAULT)).toBeInTheDocument();
    expect(within(modal).getByText('Vault A')).toBeInTheDocument();
    expect(within(modal).getByText('2026-12-01 – 2026-12-03')).toBeInTheDocument();
    expect(within(modal).getByText('3')).toBeInTheDocument();
    expect(calls(requests, 'POST reserves/signatures/upload')).toHaveLength(0);
    await user.click(button(modal, 'Upload'));
    expect(await within(modal).findByText(`Stored 3 days of ${VAULT}: 2026-12-01 – 2026-12-03`)).toBeInTheDocument();
    const sent = calls(requests, 'POST reserves/signatures/upload');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ format: 'minecloud-reserve-signatures-v1', chainId: 56, address: VAULT });
  });

  it('warns of another chain or an unknown address, and shows a refusal: nothing stored', async () => {
    mockApi({
      'GET reserves': () => RESERVES,
      'POST reserves/signatures/upload': () => {
        throw { code: 1134, msg: 'The signature of 2026-12-02 is not valid', status: 400 };
      },
    });
    renderWithApp(<ReservesPage />);
    const user = quickUser();
    await screen.findByText(HOT);
    await user.upload(fileInput(), signedFile(`0x${'44'.repeat(20)}`, 1));
    const modal = await dialogWith('Upload these signatures?');
    expect(within(modal).getByText(/not an added cold address/)).toBeInTheDocument();
    expect(
      within(modal).getByText(/These signatures are for chain 1, this platform is on chain 56/),
    ).toBeInTheDocument();
    await user.click(button(modal, 'Upload'));
    expect(await within(modal).findByText('Nothing was stored')).toBeInTheDocument();
    expect(within(modal).getByText('The signature of 2026-12-02 is not valid')).toBeInTheDocument();
  });

  it('refuses a file that is not one of npm run reserves:sign, sending nothing', async () => {
    const requests = mockApi({ 'GET reserves': () => RESERVES });
    renderWithApp(<ReservesPage />);
    const user = quickUser();
    await screen.findByText(HOT);
    await user.upload(fileInput(), new File(['{"not": "it"}'], 'other.json', { type: 'application/json' }));
    expect(await screen.findByText('This is not a file written by npm run reserves:sign')).toBeInTheDocument();
    expect(calls(requests, 'POST reserves/signatures/upload')).toHaveLength(0);
  });
});
