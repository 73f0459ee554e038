import { NotAvailable } from '@/components/not-available';

export default function HashRateDetailsPage() {
  return <NotAvailable />;
}
