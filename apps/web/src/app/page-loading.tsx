import { DotLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';

/** Spec point 9: the loading indicator of an async page appears only after 200 ms. */
export const PAGE_LOADING_DELAY_MS = 200;

export function PageLoading() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), PAGE_LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="page-loading" data-testid="page-loading">
      {visible && <DotLoading color="primary" />}
    </div>
  );
}
