import { NotAvailable } from '@/components/not-available';

export default function FeedbackHistoryPage() {
  return <NotAvailable />;
}
