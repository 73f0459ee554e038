import i18n from 'i18next';
import { ApiError, SUCCESS_CODE, upload } from '@/lib/request';
import { showToast } from '@/lib/toast';

/**
 * Uploads one image (multipart field `file`) and answers its URL. A refusal toasts the server's
 * reason (wrong type, too large…), a failure without one 上传失败.
 */
export async function uploadImage(file: File): Promise<string> {
  const envelope = await upload<{ url: string }>(file, { fileName: file.name });
  if (envelope.code !== SUCCESS_CODE) {
    const msg = envelope.msg || i18n.t('uploadFailed');
    showToast(msg);
    throw new ApiError(envelope.code, msg, 200);
  }
  return envelope.data.url;
}
