import { useState } from 'react';
import { Empty, Input, Modal, Pagination, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { APPLICATION_DIALOG, APPLICATION_LINK_RE, SAME_HOST_APPLICATION_PARENT_ID } from '@hxk/contracts/constants';
import type { TApplicationEntry } from '@hxk/contracts/settings';
import { useApplications } from '../api/get-applications.ts';
import { ApplicationIcon } from './ApplicationIcon.tsx';

/**
 * Where an entry leads: the special parent id opens a path on this host, anything else as given, in a
 * new tab. Only https URLs and paths with exactly one leading / are links (the server and the database
 * hold the same rule): `//host` or `/\\host` would leave the site.
 */
function linkProps(entry: TApplicationEntry) {
  if (!APPLICATION_LINK_RE.test(entry.webPath)) return {};
  if (entry.parentId === SAME_HOST_APPLICATION_PARENT_ID && entry.webPath.startsWith('/')) return { href: `${window.location.origin}${entry.webPath}` };
  return { href: entry.webPath, target: '_blank', rel: 'noopener noreferrer' };
}

/** The school's applications, grouped by category, searchable by name (1008 x 600, 100 a page). */
export function ApplicationsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState({ pageNum: 1, pageSize: APPLICATION_DIALOG.pageSize, queryName: '' });
  const list = useApplications(query, open);
  const groups = (list.data?.list ?? []).filter((g) => g.applicationRes.length > 0);
  const total = list.data?.total ?? 0;

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t('shell.apps.title')}
      width={APPLICATION_DIALOG.width}
      styles={{ body: { height: APPLICATION_DIALOG.height, display: 'flex', flexDirection: 'column', gap: 12 } }}
      data-testid="apps-dialog"
      destroyOnHidden={false}
    >
      <Input.Search
        allowClear
        placeholder={t('shell.apps.search')}
        style={{ maxWidth: 320 }}
        onSearch={(v) => setQuery((q) => ({ ...q, pageNum: 1, queryName: v.trim() }))}
        data-testid="apps-search"
      />
      <div className="app-entries" data-testid="apps-body">
        <Spin spinning={list.isFetching}>
          {groups.length === 0 && !list.isPending ? (
            <Empty description={t('shell.apps.empty')} data-testid="apps-empty" />
          ) : (
            groups.map((g) => (
              <section key={g.name} className="app-entries__group">
                <Typography.Title level={5}>{g.name}</Typography.Title>
                <div className="app-entries__grid">
                  {g.applicationRes.map((e) => (
                    <a key={e.id} className="app-entry" data-testid="app-entry" {...linkProps(e)}>
                      <span className="app-entry__icon">
                        <ApplicationIcon icon={e.icon} />
                      </span>
                      <Typography.Text ellipsis={{ tooltip: e.name }}>{e.name}</Typography.Text>
                    </a>
                  ))}
                </div>
              </section>
            ))
          )}
        </Spin>
      </div>
      {total > query.pageSize && (
        <Pagination
          align="end"
          size="small"
          current={query.pageNum}
          pageSize={query.pageSize}
          total={total}
          showSizeChanger={false}
          onChange={(pageNum) => setQuery((q) => ({ ...q, pageNum }))}
        />
      )}
    </Modal>
  );
}
