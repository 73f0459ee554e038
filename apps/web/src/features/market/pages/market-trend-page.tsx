import { NotAvailable } from '@/components/not-available';

export default function MarketTrendPage() {
  return <NotAvailable />;
}
