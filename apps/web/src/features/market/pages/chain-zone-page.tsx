import { NotAvailable } from '@/components/not-available';

export default function ChainZonePage() {
  return <NotAvailable />;
}
