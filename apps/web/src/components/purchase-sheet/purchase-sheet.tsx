import { type ComponentType, Fragment, type ReactNode, useState } from 'react';
import { BottomSheet } from '@/components/bottom-sheet';
import type { BottomSheetProps } from '@/components/bottom-sheet-popup';

type PurchaseSheetProps<O> = {
  title: string;
  /** The sheet gets `<testId>`, its close button `<testId>-close`. */
  testId: string;
  /** Changes with each opening, so the form starts afresh and an earlier outcome is not shown again. */
  formKey: string | number;
  visible: boolean;
  onClose: () => void;
  /** The form; once paid it calls `onPaid` with what the sheet then shows in its place. */
  form: (onPaid: (outcome: O) => void) => ReactNode;
  /** What the purchase came to, shown once paid; without it the form says so and closes the sheet itself. */
  outcome?: (outcome: O) => ReactNode;
  /**
   * The sheet it opens in: the BottomSheet, whose Popup loads on idle or first open; a sheet whose
   * own module already loads that way passes the Popup itself (components/bottom-sheet-popup.tsx).
   */
  shell?: ComponentType<BottomSheetProps>;
};

/** The bottom sheet of a purchase (miners, shares, reinvested earnings): the form, then its outcome. */
export function PurchaseSheet<O>({
  title,
  testId,
  formKey,
  visible,
  onClose,
  form,
  outcome,
  shell: Shell = BottomSheet,
}: PurchaseSheetProps<O>) {
  const [paid, setPaid] = useState<{ formKey: string | number; outcome: O } | null>(null);
  const shown = outcome && paid?.formKey === formKey ? outcome(paid.outcome) : null;
  return (
    <Shell title={title} visible={visible} onClose={onClose} testId={testId}>
      {shown ?? <Fragment key={formKey}>{form((value) => setPaid({ formKey, outcome: value }))}</Fragment>}
    </Shell>
  );
}
