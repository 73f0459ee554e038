// Toast and Dialog pull in antd-mobile's mask and its animation library (~30 KB gzip): they are
// loaded on first use (or when the browser is idle after start), not with the first page.
export { Dialog, Toast } from 'antd-mobile';
