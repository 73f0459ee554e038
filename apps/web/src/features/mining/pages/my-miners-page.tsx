import { NotAvailable } from '@/components/not-available';

export default function MyMinersPage() {
  return <NotAvailable />;
}
