import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from './notify';

/**
 * A call made from a form or a dialog: `busy` while `run` awaits it, and `problem`, the text of
 * its failure to show in place (cleared when the next call starts).
 */
export function useCall() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function run(call: () => Promise<unknown>): Promise<void> {
    setBusy(true);
    setProblem(null);
    try {
      await call();
    } catch (error) {
      setProblem(errorText(error, t('common:requestFailed')));
    } finally {
      setBusy(false);
    }
  }

  return { busy, problem, setProblem, run };
}
