import { DotLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';

/** The loading indicator of an async page appears only after 200 ms: a quick page flashes none. */
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
