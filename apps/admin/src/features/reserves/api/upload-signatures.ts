import { ADMIN_API, type ReserveSignatureFile, type ReserveUploadAnswer } from '@minecloud/contract/console';
import { api } from '@/lib/api';
import { useReservesChange } from './query-keys';

export function uploadSignatures(file: ReserveSignatureFile): Promise<ReserveUploadAnswer> {
  return api.post<ReserveUploadAnswer>(ADMIN_API.reserveUpload, file);
}

export const useUploadSignatures = () => useReservesChange(uploadSignatures);
