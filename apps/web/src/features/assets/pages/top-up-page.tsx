import { NotAvailable } from '@/components/not-available';

export default function TopUpPage() {
  return <NotAvailable />;
}
