import { NotAvailable } from '@/components/not-available';

export default function NoticeListPage() {
  return <NotAvailable />;
}
