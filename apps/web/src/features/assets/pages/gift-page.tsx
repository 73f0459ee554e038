import { NotAvailable } from '@/components/not-available';

export default function GiftPage() {
  return <NotAvailable />;
}
