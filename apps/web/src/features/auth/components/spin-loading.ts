// SpinLoading animates with react-spring (~17 KB gzip): the wallet button loads it lazily.
export { SpinLoading as default } from 'antd-mobile';
