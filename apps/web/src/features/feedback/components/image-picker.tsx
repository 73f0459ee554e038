import { FEEDBACK_MAX_IMAGES, UPLOAD_TYPES } from '@minecloud/contract/content';
import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { uploadImage } from '../api/upload-image';
import { openImages } from './image-viewer';
import './image-picker.css';

const ACCEPT = UPLOAD_TYPES.join(',');

type ImagePickerProps = {
  value: ImageUploadItem[];
  onChange: (items: ImageUploadItem[]) => void;
  /** How many images are still on their way up. */
  onPendingChange: (pending: number) => void;
  invalid: boolean;
};

/**
 * Up to four PNG, JPEG or WebP images, each uploaded as soon as it is picked; a tap on one opens
 * it full screen (zoom 1–4), the cross removes it.
 */
export function ImagePicker({ value, onChange, onPendingChange, invalid }: ImagePickerProps) {
  const { t } = useTranslation();
  return (
    <ImageUploader
      className={invalid ? 'image-picker is-invalid' : 'image-picker'}
      value={value}
      onChange={onChange}
      upload={async (file) => ({ url: await uploadImage(file) })}
      beforeUpload={(file) => {
        if ((UPLOAD_TYPES as readonly string[]).includes(file.type)) return file;
        showToast(errorText('imageInvalid'));
        return null;
      }}
      onUploadQueueChange={(tasks) => onPendingChange(tasks.filter((task) => task.status === 'pending').length)}
      accept={ACCEPT}
      multiple
      maxCount={FEEDBACK_MAX_IMAGES}
      onCountExceed={() => showToast(t('feedbackTooManyImages', { n: FEEDBACK_MAX_IMAGES }))}
      preview={false}
      onPreview={(index) =>
        openImages(
          value.map((item) => item.url),
          index,
        )
      }
      showFailed
      aria-label={t('feedbackImages')}
      data-testid="feedback-images"
    />
  );
}
