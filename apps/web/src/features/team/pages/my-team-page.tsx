import { NotAvailable } from '@/components/not-available';

export default function MyTeamPage() {
  return <NotAvailable />;
}
