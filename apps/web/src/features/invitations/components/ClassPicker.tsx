import { useState } from 'react';
import { Empty, Flex, Input, Pagination, Spin, Tag, Typography, theme } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useMyClasses, type MyClassQuery } from '../api/get-my-classes.ts';
import { classLine } from './class-line.ts';

/** One of my classes that have not ended, picked from a searchable, server-paged list (a form control). */
export function ClassPicker({ value, onChange }: { value?: string; onChange?: (courseSessionId: string) => void }) {
  const { t } = useTranslation('invitations');
  const { token } = theme.useToken();
  const [query, setQuery] = useState<MyClassQuery>({ pageNum: 1, pageSize: 5 });
  const classes = useMyClasses(query);
  const list = classes.data?.list ?? [];
  const total = classes.data?.total ?? 0;

  return (
    <Flex vertical gap={8} data-testid="invite-classes">
      <Input.Search
        allowClear
        placeholder={t('invite.classSearch')}
        onSearch={(v) => setQuery((q) => ({ ...q, keyword: v.trim() || undefined, pageNum: 1 }))}
        data-testid="invite-classes-search"
      />
      {classes.isLoading ? (
        <Spin style={{ display: 'block', margin: '16px auto' }} />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('invite.noClasses')} />
      ) : (
        <Flex vertical gap={6} role="radiogroup">
          {list.map((c) => {
            const selected = c.courseSessionId === value;
            return (
              <div
                key={c.courseSessionId}
                role="radio"
                aria-checked={selected}
                tabIndex={0}
                onClick={() => onChange?.(c.courseSessionId)}
                onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onChange?.(c.courseSessionId)}
                style={{
                  border: `1px solid ${selected ? token.colorPrimary : token.colorBorderSecondary}`,
                  background: selected ? token.colorPrimaryBg : undefined,
                  borderRadius: token.borderRadiusLG,
                  padding: '6px 10px',
                  cursor: 'pointer',
                }}
                data-testid={`invite-class-${c.courseSessionId}`}
              >
                <Flex justify="space-between" gap={8} align="start">
                  <Typography.Text strong style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {selected ? <CheckCircleFilled style={{ color: token.colorPrimary, marginInlineEnd: 6 }} /> : null}
                    {c.courseName}
                  </Typography.Text>
                  {c.invitedCount > 0 ? (
                    <Tag color="blue" style={{ marginInlineEnd: 0, flexShrink: 0 }}>
                      {t('invite.invitedCount', { count: c.invitedCount })}
                    </Tag>
                  ) : null}
                </Flex>
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
                  {classLine(t, c)}
                  {c.teachingClass ? ` · ${c.teachingClass}` : ''}
                </Typography.Text>
              </div>
            );
          })}
        </Flex>
      )}
      {total > query.pageSize && (
        <Pagination
          simple
          size="small"
          style={{ justifyContent: 'center' }}
          current={query.pageNum}
          pageSize={query.pageSize}
          total={total}
          onChange={(pageNum) => setQuery((q) => ({ ...q, pageNum }))}
        />
      )}
    </Flex>
  );
}
