import { useState } from 'react';
import { Alert, Button, Flex, Input, Table, Tag } from 'antd';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TSensitiveWord } from '@hxk/contracts/analysis';
import { DeleteLink } from '../../../components/DeleteLink.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useDeleteSensitiveWord } from '../api/delete-sensitive-word.ts';
import { useExportSensitiveWords } from '../api/export-sensitive-words.ts';
import { useSensitiveWords, type SensitiveWordsQuery } from '../api/get-sensitive-words.ts';
import { LEVEL_COLOR } from './levels.ts';
import { SensitiveWordModal } from './SensitiveWordModal.tsx';
import { SensitiveWordsImport } from './SensitiveWordsImport.tsx';

/** The school's sensitive-word lexicon: searched and paged, edited word by word, imported and exported as CSV. */
export function SensitiveWordsTab() {
  const { t } = useTranslation('analysis');
  const [query, setQuery] = useState<SensitiveWordsQuery>({ pageNum: 1, pageSize: 20 });
  const words = useSensitiveWords(query);
  const remove = useDeleteSensitiveWord();
  const exporter = useExportSensitiveWords();
  const [editing, setEditing] = useState<{ word: TSensitiveWord | null } | null>(null);
  const [importing, setImporting] = useState(false);

  const columns: ColumnsType<TSensitiveWord> = [
    { key: 'word', title: t('words.word'), dataIndex: 'word', render: (w: string) => <strong data-testid="word-cell">{w}</strong> },
    { key: 'category', title: t('words.category'), dataIndex: 'category' },
    { key: 'severity', title: t('words.severity'), dataIndex: 'severity', width: 100, render: (s: TSensitiveWord['severity']) => <Tag color={LEVEL_COLOR[s]}>{t(`level.${s}`)}</Tag> },
    {
      key: 'actions',
      title: t('action.actions'),
      width: 150,
      render: (_, w) => (
        <Flex gap={0} wrap>
          <Button type="link" size="small" onClick={() => setEditing({ word: w })} data-testid="word-edit">{t('action.edit')}</Button>
          <DeleteLink label={t('action.delete')} title={t('words.deleteTitle', { word: w.word })} onConfirm={() => remove.mutateAsync(w.id).then(() => toastSuccess(t('words.deleted')))} testId="word-delete" />
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" gap={8} wrap>
        <Input.Search
          allowClear
          placeholder={t('words.search')}
          style={{ maxWidth: 280 }}
          onSearch={(keyword) => setQuery((q) => ({ ...q, pageNum: 1, keyword: keyword.trim() || undefined }))}
          data-testid="words-search"
        />
        <Flex gap={8} wrap>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="words-import">{t('words.import')}</Button>
          <Button icon={<DownloadOutlined />} loading={exporter.isPending} onClick={() => exporter.mutate()} data-testid="words-export">{t('words.export')}</Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ word: null })} data-testid="word-add">{t('words.add')}</Button>
        </Flex>
      </Flex>
      {words.isError ? <Alert type="error" showIcon title={words.error.message} /> : null}
      <Table<TSensitiveWord>
        rowKey="id"
        size="middle"
        loading={words.isFetching}
        columns={columns}
        dataSource={words.data?.list ?? []}
        pagination={serverPagination(query, setQuery, words.data?.total, (total) => t('words.total', { total }))}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('words.none') }}
        data-testid="words-table"
      />
      <SensitiveWordModal open={editing !== null} word={editing?.word ?? null} onClose={() => setEditing(null)} />
      <SensitiveWordsImport open={importing} onClose={() => setImporting(false)} />
    </Flex>
  );
}
