import { NotAvailable } from '@/components/not-available';

export default function AppInfoPage() {
  return <NotAvailable />;
}
