import type { ReactNode } from 'react';
import { Alert, Card, Text } from '@mantine/core';
import { PageLoader } from './page-loader';
import { Pager } from './pager';
import { ResponsiveTable } from './responsive-table';

interface ListPage<T> {
  items: T[];
  totalPage: number;
}

interface ListQuery<T> {
  data: ListPage<T> | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
}

/**
 * What a list screen shows under its filters: the error, the loader, the empty text or the
 * table (scrolling sideways on a phone), then the pager when there is more than one page.
 */
export function ListResult<T>({
  query,
  page,
  onPage,
  empty,
  minWidth = 720,
  children,
}: {
  query: ListQuery<T>;
  page: number;
  onPage: (page: number) => void;
  empty: string;
  minWidth?: number;
  /** The table's head and body for the page's items. */
  children: (items: T[]) => ReactNode;
}) {
  return (
    <>
      {query.isError && (
        <Alert color="red" role="alert">
          {query.error?.message}
        </Alert>
      )}
      {query.isPending && <PageLoader />}
      {query.data && (
        <Card withBorder radius="md" padding={0}>
          {query.data.items.length === 0 ? (
            <Text p="md" c="gray.7">
              {empty}
            </Text>
          ) : (
            <ResponsiveTable minWidth={minWidth} striped highlightOnHover verticalSpacing="sm">
              {children(query.data.items)}
            </ResponsiveTable>
          )}
        </Card>
      )}
      {query.data && query.data.totalPage > 1 && (
        <Pager page={page} totalPage={query.data.totalPage} onChange={onPage} />
      )}
    </>
  );
}
