import { NotAvailable } from '@/components/not-available';

export default function AssetDetailsPage() {
  return <NotAvailable />;
}
