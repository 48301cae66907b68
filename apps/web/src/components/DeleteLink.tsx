import type { ReactNode } from 'react';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

/** A table row's red "Delete" link that asks first (Ant Design's Popconfirm). */
export function DeleteLink(props: {
  label: string;
  title: ReactNode;
  description?: ReactNode;
  onConfirm: () => unknown;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={props.title}
      description={props.description}
      okText={props.label}
      okButtonProps={{ danger: true }}
      cancelText={t('action.cancel')}
      onConfirm={() => props.onConfirm() as void}
    >
      <Button type="link" size="small" danger data-testid={props.testId}>
        {props.label}
      </Button>
    </Popconfirm>
  );
}
