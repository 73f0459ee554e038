import { NotAvailable } from '@/components/not-available';

export default function CommunityRankPage() {
  return <NotAvailable />;
}
