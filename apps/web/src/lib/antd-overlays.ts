// Toast and Dialog pull in antd-mobile's mask and its animation library (~30 KB gzip): they are
// loaded on first use (or when the browser is idle after start), not with the first page.
import { setUpAntdRender } from './antd-render';
import { timeSpringsBySpec } from './spring-durations';

// antd-mobile's imperative render (and its legacy fallback) comes with the overlays, not the entry.
setUpAntdRender();
// Dialogs open and close in the app's durations (config/durations.ts).
timeSpringsBySpec();

export { Dialog, Toast } from 'antd-mobile';
export { promptContent } from './prompt-field';
