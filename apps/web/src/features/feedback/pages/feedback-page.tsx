import { NotAvailable } from '@/components/not-available';

export default function FeedbackPage() {
  return <NotAvailable />;
}
