import { useTranslation } from 'react-i18next';
import { openImages, usePreloadImageViewer } from './image-viewer';
import './thumbnails.css';

type ThumbnailsProps = { images: string[]; testId: string };

/** A row of small images; a tap opens them full screen. */
export function Thumbnails({ images, testId }: ThumbnailsProps) {
  const { t } = useTranslation();
  usePreloadImageViewer();
  if (images.length === 0) return null;
  return (
    <ul className="thumbnails" data-testid={testId}>
      {images.map((image, index) => (
        <li key={image}>
          <button
            type="button"
            className="plain-button thumbnails__item"
            onClick={() => openImages(images, index)}
            aria-label={t('feedbackImageN', { n: index + 1 })}
          >
            <img src={image} alt="" loading="lazy" decoding="async" width={64} height={64} />
          </button>
        </li>
      ))}
    </ul>
  );
}
