import { ImageViewer } from 'antd-mobile';

/** Spec point 9: a previewed image zooms from 1 to 4 times. */
export const IMAGE_MAX_ZOOM = 4;

/** Opens `images` full screen at `index`, swipeable and zoomable. */
export function openImages(images: string[], index: number): void {
  ImageViewer.Multi.show({ images, defaultIndex: index, maxZoom: IMAGE_MAX_ZOOM });
}
