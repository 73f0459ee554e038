// antd-mobile's InfiniteScroll (with its scroll-parent lookup and lock hooks): the paged list loads
// it when the browser is first idle, not with the page.
export { InfiniteScroll as default } from 'antd-mobile';
