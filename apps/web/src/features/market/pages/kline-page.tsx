import { NotAvailable } from '@/components/not-available';

export default function KlinePage() {
  return <NotAvailable />;
}
