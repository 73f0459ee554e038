import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { walletConnectAppLinks } from '@/lib/walletconnect-apps';
import apps from '@/lib/walletconnect-apps.json';
import { WalletConnectPairing } from './walletconnect-pairing';

// A v2 pairing URI: its `@`, `?`, `&` and `=` must reach the wallet app encoded, inside the link's own query.
const URI = 'wc:7f6e5d4c3b2a19080706050403020100@2?relay-protocol=irn&symKey=0a1b2c3d4e5f&expiryTimestamp=1800000000';

describe('the wallet apps of a WalletConnect pairing', () => {
  it('gives every listed wallet its own link with the encoded wc: URI, and the common ones are listed', () => {
    const links = walletConnectAppLinks(URI);
    expect(links.map((link) => link.id)).toEqual(apps.map((app) => app.id));
    for (const id of ['metamask', 'trust', 'okx', 'bitget', 'tokenpocket', 'imtoken', 'rainbow', 'coinbase']) {
      expect(links.some((link) => link.id === id)).toBe(true);
    }
    for (const link of links) {
      expect(link.href).toContain(`wc?uri=${encodeURIComponent(URI)}`);
      // Exactly once, and nothing of the raw URI leaks outside the encoded parameter.
      expect(link.href.split(encodeURIComponent(URI))).toHaveLength(2);
      expect(link.href).not.toContain('symKey=');
      const query = link.href.slice(link.href.indexOf('?') + 1);
      expect(new URLSearchParams(query).get('uri')).toBe(URI);
    }
    expect(links.find((link) => link.id === 'metamask')?.href).toBe(
      `https://metamask.app.link/wc?uri=${encodeURIComponent(URI)}`,
    );
  });

  it('lists them on the pairing sheet, beside the QR code and the raw link', async () => {
    render(<WalletConnectPairing uri={URI} onCancel={vi.fn()} />);
    const list = screen.getByTestId('walletconnect-apps');
    expect(list).toHaveTextContent('在钱包应用中打开');
    for (const link of walletConnectAppLinks(URI)) {
      const anchor = within(list).getByTestId(`walletconnect-app-${link.id}`);
      expect(anchor).toHaveAttribute('href', link.href);
      expect(anchor).toHaveTextContent(link.name);
    }
    expect(screen.getByTestId('walletconnect-open')).toHaveAttribute('href', URI);
    expect(await screen.findByTestId('walletconnect-qr')).toBeInTheDocument();
  });

  it('lists nothing while the pairing URI is not there yet', () => {
    render(<WalletConnectPairing uri={null} onCancel={vi.fn()} />);
    expect(screen.queryByTestId('walletconnect-apps')).not.toBeInTheDocument();
    expect(screen.queryByTestId('walletconnect-open')).not.toBeInTheDocument();
  });
});
