import { Space, Typography } from 'antd';

/** A person in a table: name, with the account beneath. */
export function PersonCell({ name, account }: { name: string; account: string }) {
  return (
    <Space orientation="vertical" size={0}>
      <Typography.Text strong>{name}</Typography.Text>
      <Typography.Text type="secondary">{account}</Typography.Text>
    </Space>
  );
}
