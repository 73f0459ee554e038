import { type ReserveSignatureFile, reserveSignatureFileSchema } from '@minecloud/contract/console';

/** The file `npm run reserves:sign` wrote, read and checked here before anything is sent; null if it is not one. */
export async function readSignatureFile(file: Blob): Promise<ReserveSignatureFile | null> {
  try {
    const parsed = reserveSignatureFileSchema.safeParse(JSON.parse(await file.text()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
