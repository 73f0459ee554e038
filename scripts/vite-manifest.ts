// Reading a Vite build manifest: what a page loads before it can run (bench/pages.ts weighs the member
// app's routes; admin-chunks.test.ts checks what each console route loads).

/** A chunk as Vite's manifest lists it (the fields read here). */
export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
};

/** The JS files of some manifest keys and of everything they import statically (Vite preloads them). */
export function staticClosure(manifest: Record<string, ManifestChunk>, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no ${key}`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/** The manifest's entry chunk's key. */
export function entryKeyOf(manifest: Record<string, ManifestChunk>): string {
  const key = Object.keys(manifest).find((name) => manifest[name]!.isEntry);
  if (!key) throw new Error('the manifest names no entry chunk');
  return key;
}
