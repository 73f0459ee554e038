import { Tooltip, Typography } from 'antd';
import { shortAddress } from '@/lib/format';

/** A chain address shortened, whole on hover, copied whole. */
export function Address({ value }: { value: string | null | undefined }) {
  if (!value) return <span>—</span>;
  return (
    <Tooltip title={value}>
      <Typography.Text copyable={{ text: value }} style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
        {shortAddress(value)}
      </Typography.Text>
    </Tooltip>
  );
}
