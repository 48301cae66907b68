import type { TablePaginationConfig } from 'antd';
import type { Dispatch, SetStateAction } from 'react';

type PageQuery = { pageNum: number; pageSize: number };

/** Table pagination driven by a server-paged query's pageNum / pageSize. */
export function serverPagination<Q extends PageQuery>(
  query: Q,
  setQuery: Dispatch<SetStateAction<Q>>,
  total: number | undefined,
  showTotal?: (total: number) => string,
): TablePaginationConfig {
  return {
    current: query.pageNum,
    pageSize: query.pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    ...(showTotal ? { showTotal } : {}),
    onChange: (pageNum, pageSize) => setQuery((q) => ({ ...q, pageNum, pageSize })),
  };
}
