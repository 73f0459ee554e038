import { Switch } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@/i18n/i18n';
import { useLocale } from '@/lib/locale';
import { usePushKey } from '../api/push';
import { type PushState, pushState, syncPushLanguage, turnPushOff, turnPushOn } from '../lib/web-push';
import './push-opt-in.css';

const HINTS: Record<PushState, MessageKey> = {
  on: 'pushOnHint',
  off: 'pushOffHint',
  blocked: 'pushBlocked',
  unsupported: 'pushUnsupported',
  'ios-home-screen': 'pushUnsupportedIos',
  unavailable: 'pushUnavailable',
};

/**
 * The opt-in to Web Push at the top of the notification centre: a switch while this browser can
 * receive pushes, else why it cannot (blocked in its settings, unable, on iOS until the app is on
 * the home screen, or push off on this server). A subscription that is on follows the app's language.
 */
export function PushOptIn() {
  const { t } = useTranslation();
  const locale = useLocale();
  const key = usePushKey();
  const publicKey = key.data?.publicKey;
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (publicKey === undefined) return;
    let live = true;
    void pushState(publicKey).then(
      (found) => {
        if (live) setState(found);
        if (found === 'on') void syncPushLanguage(locale).catch(() => undefined);
      },
      () => live && setState('unsupported'),
    );
    return () => {
      live = false;
    };
  }, [publicKey, locale]);

  if (state === null) return null;
  const toggle = async (on: boolean) => {
    setBusy(true);
    setFailed(false);
    try {
      setState(on && publicKey ? await turnPushOn(publicKey, locale) : await turnPushOff());
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const canSwitch = state === 'on' || state === 'off';
  return (
    <section className="push-opt-in" data-testid="push-opt-in" data-state={state}>
      <div className="push-opt-in__row">
        <span className="push-opt-in__title" id="push-opt-in-title">
          {t('pushTitle')}
        </span>
        {canSwitch && (
          <Switch
            checked={state === 'on'}
            loading={busy}
            onChange={(on) => void toggle(on)}
            aria-labelledby="push-opt-in-title"
            data-testid="push-switch"
          />
        )}
      </div>
      <p className={failed ? 'push-opt-in__hint is-error' : 'push-opt-in__hint'} data-testid="push-hint">
        {t(failed ? 'pushFailed' : HINTS[state])}
      </p>
    </section>
  );
}
