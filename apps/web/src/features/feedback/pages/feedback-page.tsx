import { FEEDBACK_MAX_IMAGES } from '@minecloud/contract/content';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/error-text';
import { useAppNavigate } from '@/lib/navigation';
import { showToast } from '@/lib/toast';
import { useSubmitFeedback } from '../api/submit-feedback';
import { ImagePicker } from '../components/image-picker';
import { checkFeedback } from '../lib/feedback-check';
import './feedback-page.css';

/** The most a report may say (contract feedbackBodySchema). */
export const FEEDBACK_MAX_LENGTH = 2000;

/** Feedback: what went wrong, in words and one to four images; sent, it waits in Feedback History. */
export default function FeedbackPage() {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  const submit = useSubmitFeedback();
  const [content, setContent] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [pending, setPending] = useState(0);
  // Problems show once the member has tried to send, then follow every change.
  const [tried, setTried] = useState(false);

  const problems = checkFeedback(content, images.length);
  const contentError = tried && problems.content ? errorText(problems.content) : null;
  const imagesError = tried && problems.images ? errorText(problems.images) : null;

  function send() {
    setTried(true);
    if (pending > 0) {
      showToast(t('feedbackStillUploading'));
      return;
    }
    if (problems.content || problems.images) return;
    submit.mutate(
      { content: content.trim(), images },
      {
        onSuccess: () => {
          showToast(t('feedbackSent'));
          go(paths.feedOrder.href(), { replace: true });
        },
      },
    );
  }

  return (
    <form
      className="feedback-page"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      data-testid="feedback-form"
    >
      <section className="feedback-card">
        <label className="feedback-card__label" htmlFor="feedback-content">
          {t('feedbackContentLabel')}
        </label>
        <div className={contentError ? 'feedback-card__box is-invalid' : 'feedback-card__box'}>
          <textarea
            id="feedback-content"
            className="feedback-card__textarea"
            value={content}
            onChange={(event) => setContent(event.target.value)}
            placeholder={t('feedbackContentPlaceholder')}
            maxLength={FEEDBACK_MAX_LENGTH}
            rows={6}
            aria-invalid={Boolean(contentError)}
            aria-describedby={contentError ? 'feedback-content-error' : undefined}
            data-testid="feedback-content-input"
          />
          <span className="feedback-card__count" data-testid="feedback-count">
            {content.length}/{FEEDBACK_MAX_LENGTH}
          </span>
        </div>
        {contentError && (
          <p
            id="feedback-content-error"
            className="feedback-card__error"
            role="alert"
            data-testid="feedback-content-error"
          >
            {contentError}
          </p>
        )}
      </section>
      <section className="feedback-card">
        <div className="feedback-card__head">
          <span className="feedback-card__label">{t('feedbackImages')}</span>
          <span className="feedback-card__hint" data-testid="feedback-image-count">
            {images.length}/{FEEDBACK_MAX_IMAGES}
          </span>
        </div>
        <ImagePicker value={images} onChange={setImages} onPendingChange={setPending} invalid={Boolean(imagesError)} />
        <p className="feedback-card__hint">{t('feedbackImagesHint', { n: FEEDBACK_MAX_IMAGES })}</p>
        {imagesError && (
          <p className="feedback-card__error" role="alert" data-testid="feedback-images-error">
            {imagesError}
          </p>
        )}
      </section>
      <Button type="submit" color="primary" size="large" block loading={submit.isPending} data-testid="feedback-submit">
        {t('feedbackSubmit')}
      </Button>
      <button
        type="button"
        className="plain-button feedback-page__history"
        onClick={() => go(paths.feedOrder.href())}
        data-testid="feedback-go-history"
      >
        {t('titleFeedbackHistory')} ›
      </button>
    </form>
  );
}
