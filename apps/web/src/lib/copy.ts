import i18n from 'i18next';
import { showToast } from './toast';

function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.cssText = 'position:fixed;top:-1000px;opacity:0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** Copies `text` and tells the user how it went, in the app's texts. */
export async function copyText(text: string | null | undefined): Promise<boolean> {
  if (!text?.trim()) {
    showToast(i18n.t('copyEmpty'));
    return false;
  }
  let copied = false;
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      copied = true;
    } catch {
      copied = copyWithSelection(text);
    }
  } else {
    copied = copyWithSelection(text);
  }
  showToast(i18n.t(copied ? 'copySuccess' : 'copyFailed'));
  return copied;
}
