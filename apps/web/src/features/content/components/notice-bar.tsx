import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import { paths } from '@/config/paths';
import { useAppNavigate } from '@/lib/navigation';
import { useLatestNotice } from '../api/get-notices';
import { noticeHref } from '../lib/notice-href';
import './notice-bar.css';

/** Pixels a long title scrolls per second. */
const SCROLL_SPEED = 30;

/**
 * The bar on home: the newest announcement's title (a long one glides to its end and back), which
 * opens it, and a way to every announcement. Always the same height, so nothing below it moves.
 */
export function NoticeBar() {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  const latest = useLatestNotice();
  const notice = latest.data ?? null;
  const boxRef = useRef<HTMLSpanElement>(null);
  const [overflow, setOverflow] = useState(0);

  const title = notice?.title;
  // Measured after each new title and each change of the bar's width (a turned phone): only a
  // title wider than the bar glides, and it glides as far as it is wider. A ResizeObserver calls
  // back once the bar has been laid out, in the frame's own layout: a measure in the commit (a
  // layout effect) would force a layout of the whole page inside the task that mounts home.
  useEffect(() => {
    const box = boxRef.current;
    const text = box?.firstElementChild;
    if (!title || !box || !text) {
      setOverflow(0);
      return;
    }
    const measure = () => setOverflow(Math.max(0, text.scrollWidth - box.clientWidth));
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [title]);

  const glide = {
    '--notice-shift': `-${overflow}px`,
    '--notice-duration': `${Math.max(4, overflow / SCROLL_SPEED) + 3}s`,
  } as CSSProperties;

  return (
    <section className="notice-bar" aria-label={t('titleAnnouncements')} data-testid="home-notice-bar">
      <Icon name="bell" size={16} className="notice-bar__icon" />
      {notice ? (
        <button
          type="button"
          className="plain-button notice-bar__title"
          onClick={() => go(noticeHref(notice))}
          data-testid="home-notice-title"
        >
          <span ref={boxRef} className={overflow > 0 ? 'notice-bar__window is-clipped' : 'notice-bar__window'}>
            <span
              className={overflow > 0 ? 'notice-bar__text is-gliding' : 'notice-bar__text'}
              style={glide}
              lang={notice.lang}
            >
              {notice.title}
            </span>
          </span>
        </button>
      ) : (
        <span className="notice-bar__title notice-bar__title--empty">{latest.isPending ? '' : t('noticesEmpty')}</span>
      )}
      <button
        type="button"
        className="plain-button notice-bar__more"
        onClick={() => go(paths.noticeList.href())}
        data-testid="home-notice-more"
      >
        {t('noticeBarMore')}
      </button>
    </section>
  );
}
