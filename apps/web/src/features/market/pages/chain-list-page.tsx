import { NotAvailable } from '@/components/not-available';

export default function ChainListPage() {
  return <NotAvailable />;
}
