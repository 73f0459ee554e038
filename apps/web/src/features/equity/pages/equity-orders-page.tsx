import { NotAvailable } from '@/components/not-available';

export default function EquityOrdersPage() {
  return <NotAvailable />;
}
