import { NotAvailable } from '@/components/not-available';

export default function MiningPage() {
  return <NotAvailable />;
}
