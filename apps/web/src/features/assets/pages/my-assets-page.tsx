import { NotAvailable } from '@/components/not-available';

export default function MyAssetsPage() {
  return <NotAvailable />;
}
