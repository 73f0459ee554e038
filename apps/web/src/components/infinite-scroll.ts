// antd-mobile's InfiniteScroll (with its scroll-parent lookup and lock hooks): the paged list loads
// it while its first page is fetched, not with the page.
export { InfiniteScroll as default } from 'antd-mobile';
