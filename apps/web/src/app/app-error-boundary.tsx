import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function AppFailed() {
  const { t } = useTranslation();
  return (
    <div className="app-shell">
      <section className="state-block" role="alert" data-testid="app-error">
        <h1 className="state-block__title">{t('appErrorTitle')}</h1>
        <p className="state-block__text">{t('appErrorDescription')}</p>
        <button type="button" className="plain-button app-error__reload" onClick={() => window.location.reload()}>
          {t('reload')}
        </button>
      </section>
    </div>
  );
}

/** The last line of defence: whatever escapes a route still gets a way out. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('App error', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <AppFailed /> : this.props.children;
  }
}
