import { NotAvailable } from '@/components/not-available';

export default function HashRatePage() {
  return <NotAvailable />;
}
