import type { AdminBanner, Product } from '@minecloud/contract/console';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockApi } from '@/test/fetch';
import { button, dialogWith, fill, findButton, quickUser } from '@/test/interact';
import { renderWithApp } from '@/test/render';
import { BannersPage } from './banners-page';
import { ProductsPage } from './products-page';

const S19: Product = {
  id: '3',
  name: 'S19 Pro',
  image: '/uploads/s19.png',
  hashRate: '110',
  price: '1299.5',
  durationDays: 365,
  stock: 40,
  minQuantity: 1,
  active: false,
  sort: 2,
};

const BANNERS: AdminBanner[] = [
  {
    id: '1',
    place: 'home',
    image: '/uploads/a.png',
    title: 'Spring sale',
    subtitle: 'Up to 20% off',
    link: '/pages/index',
    sort: 1,
    active: true,
    translations: { en: { title: 'Spring sale', subtitle: 'Up to 20% off' } },
  },
  {
    id: '2',
    place: 'miners',
    image: '/uploads/b.png',
    title: 'New miners',
    subtitle: '',
    link: '',
    sort: 0,
    active: true,
    translations: {},
  },
];

describe('miner products', () => {
  it('lists every product, inactive ones included, with price and state', async () => {
    mockApi({ 'GET products': () => ({ list: [S19] }) });
    renderWithApp(<ProductsPage />, { me: { role: 'content' } });
    const row = (await screen.findByText('S19 Pro')).closest('tr') as HTMLElement;
    expect(within(row).getByText('1299.5 USDT')).toBeInTheDocument();
    expect(within(row).getByText('Off sale')).toBeInTheDocument();
  });

  it('refuses a bad decimal under its field and sends decimals as strings', async () => {
    const requests = mockApi({
      'GET products': () => ({ list: [] }),
      'POST products': ({ body }) => ({ id: '9', ...(body as object) }),
    });
    renderWithApp(<ProductsPage />);
    const user = quickUser();
    await user.click(await findButton(document.body, 'New product'));
    const drawer = await dialogWith(/(New|Edit) product/);
    await fill(user, within(drawer).getByLabelText('Name'), 'T21');
    await fill(user, within(drawer).getByLabelText('Image'), '/uploads/t21.png');
    await fill(user, within(drawer).getByLabelText('Hash rate'), '190.1234567');
    await fill(user, within(drawer).getByLabelText('Price'), '12,5');
    await user.click(button(drawer, 'Save'));

    await waitFor(() =>
      expect(within(drawer).getAllByText('A number with up to 12 digits and 6 decimals, such as 12.5')).toHaveLength(2),
    );
    expect(calls(requests, 'POST products')).toHaveLength(0);
    // The preview shows what the image path points at.
    expect(within(drawer).getByAltText('Preview')).toHaveAttribute('src', '/uploads/t21.png');

    await user.clear(within(drawer).getByLabelText('Hash rate'));
    await fill(user, within(drawer).getByLabelText('Hash rate'), '190.5');
    await user.clear(within(drawer).getByLabelText('Price'));
    await fill(user, within(drawer).getByLabelText('Price'), '3100.000001');
    await user.click(button(drawer, 'Save'));

    await waitFor(() => expect(calls(requests, 'POST products')).toHaveLength(1));
    expect(calls(requests, 'POST products')[0]?.body).toEqual({
      name: 'T21',
      image: '/uploads/t21.png',
      hashRate: '190.5',
      price: '3100.000001',
      durationDays: 365,
      stock: 0,
      minQuantity: 1,
      active: true,
      sort: 0,
    });
    expect(await screen.findByText('Product saved')).toBeInTheDocument();
  });

  it('refuses a whole-number field out of its range', async () => {
    const requests = mockApi({ 'GET products': () => ({ list: [S19] }), 'PUT products/3': () => S19 });
    renderWithApp(<ProductsPage />);
    const user = quickUser();
    const row = (await screen.findByText('S19 Pro')).closest('tr') as HTMLElement;
    await user.click(button(row, 'Edit'));
    const drawer = await dialogWith(/(New|Edit) product/);
    expect(within(drawer).getByLabelText('Price')).toHaveValue('1299.5');
    await user.clear(within(drawer).getByLabelText('Min quantity'));
    await fill(user, within(drawer).getByLabelText('Min quantity'), '0');
    await user.click(button(drawer, 'Save'));
    expect(await within(drawer).findByText('A whole number from 1 to 10000')).toBeInTheDocument();
    expect(calls(requests, 'PUT products/3')).toHaveLength(0);
  });

  it('puts an inactive product on sale with its whole record', async () => {
    const requests = mockApi({
      'GET products': () => ({ list: [S19] }),
      'PUT products/3': ({ body }) => ({ id: '3', ...(body as object) }),
    });
    renderWithApp(<ProductsPage />);
    const user = quickUser();
    await user.click(await screen.findByLabelText('Activate'));
    await waitFor(() => expect(calls(requests, 'PUT products/3')).toHaveLength(1));
    const { id: _id, ...input } = S19;
    expect(calls(requests, 'PUT products/3')[0]?.body).toEqual({ ...input, active: true });
    expect(await screen.findByText('The product is on sale')).toBeInTheDocument();
  });
});

describe('banners', () => {
  it('filters by place', async () => {
    mockApi({ 'GET banners': () => ({ list: BANNERS }) });
    renderWithApp(<BannersPage />);
    const user = quickUser();
    expect(await screen.findByText('Spring sale')).toBeInTheDocument();
    expect(screen.getByText('New miners')).toBeInTheDocument();
    await user.click(screen.getByText('Miner shop', { selector: '.ant-segmented-item-label' }));
    expect(screen.queryByText('Spring sale')).not.toBeInTheDocument();
    expect(screen.getByText('New miners')).toBeInTheDocument();
  });

  it('asks before deleting, and deletes only once confirmed', async () => {
    const requests = mockApi({ 'GET banners': () => ({ list: BANNERS }), 'DELETE banners/1': () => null });
    renderWithApp(<BannersPage />);
    const user = quickUser();
    const row = (await screen.findByText('Spring sale')).closest('tr') as HTMLElement;

    await user.click(button(row, 'Delete'));
    const asked = await dialogWith('Delete the banner “Spring sale”?');
    await user.click(button(asked, 'Cancel'));
    expect(calls(requests, 'DELETE banners/1')).toHaveLength(0);

    await user.click(button(row, 'Delete'));
    const confirm = await dialogWith('Delete the banner “Spring sale”?');
    await user.click(button(confirm, 'Delete'));
    await waitFor(() => expect(calls(requests, 'DELETE banners/1')).toHaveLength(1));
    expect(await screen.findByText('Banner deleted')).toBeInTheDocument();
  });

  it('refuses a link that is not an app path, then saves the banner', async () => {
    const requests = mockApi({
      'GET banners': () => ({ list: BANNERS }),
      'PUT banners/2': ({ body }) => ({ id: '2', ...(body as object) }),
    });
    renderWithApp(<BannersPage />);
    const user = quickUser();
    const row = (await screen.findByText('New miners')).closest('tr') as HTMLElement;
    await user.click(button(row, 'Edit'));
    const modal = await dialogWith('Edit banner');
    await fill(user, within(modal).getByLabelText('Link'), 'https://evil.example');
    await user.click(button(modal, 'Save'));
    expect(
      await within(modal).findByText(
        'A path starting with / (letters, digits and - _ . / ? = & %), at most 300 characters',
      ),
    ).toBeInTheDocument();
    expect(calls(requests, 'PUT banners/2')).toHaveLength(0);

    await user.clear(within(modal).getByLabelText('Link'));
    await fill(user, within(modal).getByLabelText('Link'), '/pages/my_child/minelist/minelist');
    await user.click(button(modal, 'Save'));
    await waitFor(() => expect(calls(requests, 'PUT banners/2')).toHaveLength(1));
    expect(calls(requests, 'PUT banners/2')[0]?.body).toEqual({
      place: 'miners',
      image: '/uploads/b.png',
      title: 'New miners',
      subtitle: '',
      link: '/pages/my_child/minelist/minelist',
      sort: 0,
      active: true,
      translations: {},
    });
  });

  it('writes the text over the art per language, the Chinese one required', async () => {
    const requests = mockApi({
      'GET banners': () => ({ list: BANNERS }),
      'PUT banners/1': ({ body }) => ({ id: '1', ...(body as object) }),
    });
    renderWithApp(<BannersPage />);
    const user = quickUser();
    const row = (await screen.findByText('Spring sale')).closest('tr') as HTMLElement;
    expect(within(row).getByText('English')).toBeInTheDocument();
    await user.click(button(row, 'Edit'));
    const modal = await dialogWith('Edit banner');
    expect(within(modal).getByLabelText('Subtitle · English')).toHaveValue('Up to 20% off');
    await user.clear(within(modal).getByLabelText('Title'));
    await fill(user, within(modal).getByLabelText('Title · 한국어'), '봄 세일');
    await user.click(button(modal, 'Save'));
    expect(await within(modal).findByText('Required')).toBeInTheDocument();
    expect(calls(requests, 'PUT banners/1')).toHaveLength(0);

    await fill(user, within(modal).getByLabelText('Title'), '春季促销');
    await user.clear(within(modal).getByLabelText('Subtitle · English'));
    await user.click(button(modal, 'Save'));
    await waitFor(() => expect(calls(requests, 'PUT banners/1')).toHaveLength(1));
    expect(calls(requests, 'PUT banners/1')[0]?.body).toMatchObject({
      title: '春季促销',
      subtitle: 'Up to 20% off',
      translations: { en: { title: 'Spring sale', subtitle: '' }, 'ko-KR': { title: '봄 세일', subtitle: '' } },
    });
  });
});
