import { NotAvailable } from '@/components/not-available';

export default function DrawHistoryPage() {
  return <NotAvailable />;
}
