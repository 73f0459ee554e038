import { NotAvailable } from '@/components/not-available';

export default function ArticlePage() {
  return <NotAvailable />;
}
