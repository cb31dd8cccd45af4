// Pieces of the paged, searchable lists of the management screens (admin users, items and
// attachments, my attachments).
import { Input, type TablePaginationConfig } from 'antd';

/** The pagination of a list the server pages: no size changer, hidden when one page holds all. */
export function serverPages(page: number, onPage: (page: number) => void, pageSize: number, total: number | undefined): TablePaginationConfig {
  return { current: page, pageSize, total: total ?? 0, onChange: onPage, showSizeChanger: false, hideOnSinglePage: true };
}

/** A search box of a list's toolbar: Enter searches. */
export function SearchField({
  value,
  placeholder,
  maxWidth,
  testId,
  onChange,
  onSearch,
}: {
  value: string;
  placeholder: string;
  maxWidth: number;
  testId?: string;
  onChange(value: string): void;
  onSearch(): void;
}) {
  return (
    <Input
      allowClear
      style={{ maxWidth }}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onPressEnter={onSearch}
      data-testid={testId}
    />
  );
}
