import { useSearchParams } from 'react-router';
import { NoticeArticle } from '../components/notice-article';

/** An announcement: its title, time and rich content. */
export default function NoticeDetailPage() {
  const [params] = useSearchParams();
  return <NoticeArticle id={params.get('id') ?? ''} />;
}
