import { ImageViewer } from 'antd-mobile';
import { setUpAntdRender } from '@/lib/antd-render';

/** A previewed image zooms from 1 to 4 times. */
const IMAGE_MAX_ZOOM = 4;

// ImageViewer.Multi.show renders imperatively, like Toast and Dialog (see lib/antd-overlays.ts).
setUpAntdRender();

/** Opens `images` full screen at `index`, swipeable and zoomable (loaded by image-viewer.ts). */
export function showImages(images: string[], index: number): void {
  ImageViewer.Multi.show({ images, defaultIndex: index, maxZoom: IMAGE_MAX_ZOOM });
}
