import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { calls, mockApi } from '@/test/fetch';
import { renderWithApp } from '@/test/render';
import { PagedTable } from './paged-table';

type Row = { id: string; name: string };

function rows(pageNo: number, pageSize: number): Row[] {
  return Array.from({ length: pageSize }, (_, i) => ({
    id: String((pageNo - 1) * pageSize + i + 1),
    name: `row ${(pageNo - 1) * pageSize + i + 1}`,
  }));
}

function table(query = { q: 'abc' }) {
  return (
    <PagedTable<Row>
      queryKey={['things']}
      path="things/page"
      query={query}
      columns={[{ title: 'Name', dataIndex: 'name' }]}
      rowKey="id"
      csvPath="things/export.csv"
      pageSize={10}
    />
  );
}

describe('PagedTable', () => {
  it('asks the server for each page with pageNo and pageSize and shows the total', async () => {
    const requests = mockApi({
      'GET things/page': ({ url }) => {
        const pageNo = Number(url.searchParams.get('pageNo'));
        return { list: rows(pageNo, 10), total: 42 };
      },
    });
    const { user } = renderWithApp(table());
    expect(await screen.findByText('row 1')).toBeInTheDocument();
    expect(screen.getByText('42 in total')).toBeInTheDocument();
    const first = calls(requests, 'GET things/page')[0]!;
    expect(Object.fromEntries(first.url.searchParams)).toEqual({ q: 'abc', pageNo: '1', pageSize: '10' });

    await user.click(screen.getByTitle('2'));
    expect(await screen.findByText('row 11')).toBeInTheDocument();
    const second = calls(requests, 'GET things/page')[1]!;
    expect(second.url.searchParams.get('pageNo')).toBe('2');
    expect(second.url.searchParams.get('q')).toBe('abc');
  });

  it('says when loading failed, with the server message, and retries', async () => {
    let attempt = 0;
    mockApi({
      'GET things/page': () => {
        attempt += 1;
        if (attempt === 1) throw { code: 503, msg: 'Service unavailable', status: 503 };
        return { list: rows(1, 2), total: 2 };
      },
    });
    const { user } = renderWithApp(table());
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('row 2')).toBeInTheDocument();
    expect(screen.queryByText('Service unavailable')).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    mockApi({ 'GET things/page': () => ({ list: [], total: 0 }) });
    renderWithApp(table());
    expect(await screen.findAllByText('Nothing here yet')).not.toHaveLength(0);
  });

  it('exports the CSV with the same query, without paging', async () => {
    const saved = vi.fn((_blob: Blob) => 'blob:csv');
    Object.assign(URL, { createObjectURL: saved, revokeObjectURL: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const requests = mockApi({
      'GET things/page': () => ({ list: rows(1, 1), total: 1 }),
      'GET things/export.csv': () => 'id,name\n1,row 1\n',
    });
    const { user } = renderWithApp(table({ q: 'abc' }));
    await screen.findByText('row 1');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveBeenCalledOnce());
    const [csv] = calls(requests, 'GET things/export.csv');
    expect(Object.fromEntries(csv!.url.searchParams)).toEqual({ q: 'abc' });
    expect(await saved.mock.calls[0]?.[0].text()).toBe('id,name\n1,row 1\n');
  });
});
