import { useSearchParams } from 'react-router';
import { NoticeArticle } from '../components/notice-article';

/** An article, read with the same renderer as announcements. */
export default function ArticlePage() {
  const [params] = useSearchParams();
  return <NoticeArticle id={params.get('id') ?? ''} />;
}
