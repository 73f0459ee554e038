import { NotAvailable } from '@/components/not-available';

export default function StartupPage() {
  return <NotAvailable />;
}
