import { Button, Result, Spin } from 'antd';
import { Component, type ComponentType, type ErrorInfo, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { type Access, can, useMe, useSession } from '@/lib/session';
import { NS } from './i18n';

function Loading() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 64 }}>
      <Spin size="large" />
    </div>
  );
}

/** Only a signed-in operator who finished setup gets past; the others go to sign-in or setup. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { t } = useTranslation(NS);
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <Loading />;
  if (session.status === 'failed') {
    return (
      <Result
        status="error"
        title={t('sessionFailed')}
        extra={<Button onClick={() => session.refresh()}>{t('common:retry')}</Button>}
      />
    );
  }
  if (session.status === 'signedOut' || !session.me) {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  if (session.me.setup) return <Navigate to="/setup" replace />;
  return children;
}

export function Forbidden() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={t('common:forbiddenTitle')}
      subTitle={t('common:forbiddenText')}
      extra={<Button onClick={() => navigate('/')}>{t('common:home')}</Button>}
    />
  );
}

export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('common:notFoundTitle')}
      subTitle={t('common:notFoundText')}
      extra={<Button onClick={() => navigate('/')}>{t('common:home')}</Button>}
    />
  );
}

type BoundaryState = { error: Error | null };

/** A page that throws shows a message instead of blanking the console. */
class PageBoundary extends Component<{ children: ReactNode; fallback: (retry: () => void) => ReactNode }> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error) return this.props.fallback(() => this.setState({ error: null }));
    return this.props.children;
  }
}

function PageFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('common:pageFailed')}
      extra={<Button onClick={retry}>{t('common:retry')}</Button>}
    />
  );
}

/** A lazily loaded page: a spinner while its code arrives, and its own error boundary. */
export function LazyPage({ page: Page, path }: { page: ComponentType; path: string }) {
  return (
    <PageBoundary key={path} fallback={(retry) => <PageFailed retry={retry} />}>
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    </PageBoundary>
  );
}

/** One page: its role check, its lazy load and its own error boundary. */
export function PageFrame({ access, page, path }: { access: Access | null; page: ComponentType; path: string }) {
  const me = useMe();
  if (access && !can(me.role, access)) return <Forbidden />;
  return <LazyPage page={page} path={path} />;
}
