import { Skeleton } from 'antd-mobile';
import '@/components/money-field.css';

/** Stands in for a money form while its balances and limits load. */
export function FormSkeleton({ testId }: { testId: string }) {
  return (
    <div className="money-card" data-testid={testId}>
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={4} animated />
    </div>
  );
}
