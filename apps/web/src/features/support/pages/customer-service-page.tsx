import { NotAvailable } from '@/components/not-available';

export default function CustomerServicePage() {
  return <NotAvailable />;
}
