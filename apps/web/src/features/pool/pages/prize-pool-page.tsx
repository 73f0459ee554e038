import { NotAvailable } from '@/components/not-available';

export default function PrizePoolPage() {
  return <NotAvailable />;
}
