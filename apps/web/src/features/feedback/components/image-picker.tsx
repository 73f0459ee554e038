import { FEEDBACK_MAX_IMAGES, UPLOAD_TYPES } from '@minecloud/contract/content';
import { DotLoading, useConfig } from 'antd-mobile';
import { type ChangeEvent, type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { uploadImage } from '../api/upload-image';
import { openImages, usePreloadImageViewer } from './image-viewer';
import './image-picker.css';

const ACCEPT = UPLOAD_TYPES.join(',');

/** A picked file on its way up, or one whose upload failed (shown, red, until removed). */
type Task = { id: number; file: File; preview: string; status: 'pending' | 'done' | 'fail' };

type ImagePickerProps = {
  /** The uploaded images' URLs. */
  value: string[];
  onChange: Dispatch<SetStateAction<string[]>>;
  /** How many images are still on their way up. */
  onPendingChange: (pending: number) => void;
  invalid: boolean;
};

function isAccepted(file: File): boolean {
  return (UPLOAD_TYPES as readonly string[]).includes(file.type);
}

/**
 * Up to four PNG, JPEG or WebP images, each uploaded as soon as it is picked; a tap on one opens
 * it full screen (zoom 1–4, the viewer's code loads when the page is idle or on that tap), the
 * cross removes it. Not antd-mobile's ImageUploader: it imports its ImageViewer, and with it the
 * gesture and animation libraries (~40 KB gzip), into the page.
 */
export function ImagePicker({ value, onChange, onPendingChange, invalid }: ImagePickerProps) {
  const { t } = useTranslation();
  const { locale } = useConfig();
  const [tasks, setTasks] = useState<Task[]>([]);
  const nextId = useRef(0);
  const live = useRef<Task[]>([]);
  live.current = tasks;
  usePreloadImageViewer();

  const pending = tasks.filter((task) => task.status === 'pending').length;
  useEffect(() => onPendingChange(pending), [onPendingChange, pending]);
  // Previews are object URLs: free those still held when the page goes.
  useEffect(
    () => () => {
      for (const task of live.current) URL.revokeObjectURL(task.preview);
    },
    [],
  );

  const drop = (ids: Set<number>) =>
    setTasks((current) =>
      current.filter((task) => {
        if (!ids.has(task.id)) return true;
        URL.revokeObjectURL(task.preview);
        return false;
      }),
    );

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    let files = Array.from(input.files ?? []);
    input.value = ''; // the same file picked again is a change too
    files = files.filter((file) => {
      if (isAccepted(file)) return true;
      showToast(errorText('imageInvalid'));
      return false;
    });
    if (files.length === 0) return;
    const room = FEEDBACK_MAX_IMAGES - value.length - tasks.length;
    if (files.length > room) {
      files = files.slice(0, Math.max(room, 0));
      showToast(t('feedbackTooManyImages', { count: FEEDBACK_MAX_IMAGES }));
    }
    const added: Task[] = files.map((file) => ({
      id: nextId.current++,
      file,
      preview: URL.createObjectURL(file),
      status: 'pending',
    }));
    setTasks((current) => [...current, ...added]);
    const mark = (id: number, status: Task['status']) =>
      setTasks((current) => current.map((task) => (task.id === id ? { ...task, status } : task)));
    // Each upload starts at once; the batch joins the picked images in the order it was picked.
    const urls = await Promise.all(
      added.map((task) =>
        uploadImage(task.file).then(
          (url) => {
            mark(task.id, 'done');
            return url;
          },
          () => {
            mark(task.id, 'fail');
            return null;
          },
        ),
      ),
    );
    const uploaded = urls.filter((url): url is string => url !== null);
    onChange((current) => [...current, ...uploaded]);
    drop(new Set(added.filter((_, index) => urls[index] !== null).map((task) => task.id)));
  }

  const full = value.length + tasks.length >= FEEDBACK_MAX_IMAGES;
  return (
    <ul
      className={invalid ? 'image-picker is-invalid' : 'image-picker'}
      aria-label={t('feedbackImages')}
      data-testid="feedback-images"
    >
      {value.map((url, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same image may be picked twice
        <li key={index} className="image-picker__cell">
          <button
            type="button"
            className="plain-button image-picker__open"
            onClick={() => openImages(value, index)}
            aria-label={t('feedbackImageN', { n: index + 1 })}
          >
            <img src={url} alt="" decoding="async" />
          </button>
          <RemoveButton onClick={() => onChange((current) => current.filter((_, other) => other !== index))} />
        </li>
      ))}
      {tasks.map((task) => (
        <li
          key={task.id}
          className={task.status === 'fail' ? 'image-picker__cell is-failed' : 'image-picker__cell'}
          data-status={task.status}
        >
          <img src={task.preview} alt="" decoding="async" />
          {task.status === 'pending' && (
            <span className="image-picker__mask" data-testid="image-picker-uploading">
              <DotLoading color="white" />
              <span>{locale.ImageUploader.uploading}</span>
            </span>
          )}
          {task.status === 'fail' && <RemoveButton onClick={() => drop(new Set([task.id]))} />}
        </li>
      ))}
      <li className="image-picker__add" hidden={full}>
        <span className="image-picker__plus" aria-hidden="true">
          +
        </span>
        <input
          type="file"
          className="image-picker__input"
          accept={ACCEPT}
          multiple
          onChange={(event) => void pick(event)}
          aria-label={locale.ImageUploader.upload}
          data-testid="feedback-image-input"
        />
      </li>
    </ul>
  );
}

function RemoveButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="plain-button image-picker__remove"
      onClick={onClick}
      aria-label={t('feedbackRemoveImage')}
    >
      ×
    </button>
  );
}
