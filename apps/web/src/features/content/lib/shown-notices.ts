/** Pop-up notices this device has shown, so a visitor (whom the server cannot tell apart) sees each once. */
export const SHOWN_NOTICES_KEY = 'minecloud-shown-notices';
const KEEP = 50;

function readShown(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(SHOWN_NOTICES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function wasShown(id: string): boolean {
  return readShown().includes(id);
}

export function rememberShown(id: string): void {
  const ids = [...readShown().filter((shown) => shown !== id), id].slice(-KEEP);
  try {
    localStorage.setItem(SHOWN_NOTICES_KEY, JSON.stringify(ids));
  } catch {
    // Private mode or a full store: the notice may show again, which is harmless.
  }
}
