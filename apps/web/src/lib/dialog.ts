import type { ReactNode } from 'react';

type ConfirmOptions = { content: ReactNode; confirmText: string; cancelText: string };

function testId(id: string): Record<string, string> {
  return { 'data-testid': id };
}

/** A confirm prompt whose buttons carry test ids (`dialog-confirm`, `dialog-cancel`). */
export async function confirmDialog({ content, confirmText, cancelText }: ConfirmOptions): Promise<boolean> {
  const { Dialog } = await import('./antd-overlays');
  return new Promise((resolve) => {
    Dialog.show({
      content,
      closeOnAction: true,
      closeOnMaskClick: true,
      actions: [
        [
          { key: 'cancel', text: cancelText, ...testId('dialog-cancel') },
          { key: 'confirm', text: confirmText, bold: true, ...testId('dialog-confirm') },
        ],
      ],
      onAction: (action) => resolve(action.key === 'confirm'),
      onClose: () => resolve(false),
    });
  });
}
