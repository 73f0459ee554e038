import { NotAvailable } from '@/components/not-available';

export default function PerformanceRankPage() {
  return <NotAvailable />;
}
