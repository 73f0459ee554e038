import { NotAvailable } from '@/components/not-available';

export default function TeamPage() {
  return <NotAvailable />;
}
