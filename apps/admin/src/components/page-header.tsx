import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A screen's heading: its title, an optional secondary intro below it, an optional action on the right. */
export function PageHeader({ title, intro, extra }: { title: ReactNode; intro?: ReactNode; extra?: ReactNode }) {
  const heading = (
    <Typography.Title level={3} style={{ margin: 0 }}>
      {title}
    </Typography.Title>
  );
  const block =
    intro === undefined ? (
      heading
    ) : (
      <div>
        {heading}
        <Typography.Text type="secondary">{intro}</Typography.Text>
      </div>
    );
  if (extra === undefined) return block;
  return (
    <Flex justify="space-between" align="center">
      {block}
      {extra}
    </Flex>
  );
}
