import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { PageLoadError } from './page-load-error';

type Props = {
  children: ReactNode;
  /** Loads the page's code again; given by lazy routes. */
  onReload?: () => void;
  /** A new value (the path) clears a shown error. */
  resetKey?: string;
};

type State = { error: unknown; resetKey?: string };

function LoadFailed({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="state-block" role="alert">
      <button type="button" className="plain-button lazy-load-error" onClick={onClick} data-testid="lazy-load-error">
        {t('pageLoadFailed')}
      </button>
    </section>
  );
}

function PageFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return <ErrorState message={t('routeErrorDescription')} onRetry={onRetry} testId="route-error" />;
}

/** The error boundary of one route: a failed code download or a crash stays inside the page. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Page error', error, info.componentStack);
  }

  private readonly retry = () => {
    if (this.state.error instanceof PageLoadError) this.props.onReload?.();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (error instanceof PageLoadError) return <LoadFailed onClick={this.retry} />;
    return <PageFailed onRetry={this.retry} />;
  }
}
