import { NotAvailable } from '@/components/not-available';

export default function AboutPage() {
  return <NotAvailable />;
}
