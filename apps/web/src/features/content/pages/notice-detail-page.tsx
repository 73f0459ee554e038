import { NotAvailable } from '@/components/not-available';

export default function NoticeDetailPage() {
  return <NotAvailable />;
}
