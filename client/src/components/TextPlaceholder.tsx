/** Grey lines while a page loads (a CSS stand-in for antd Skeleton: the reader bundle stays small). */
export function TextPlaceholder({ rows, title = true }: { rows: number; title?: boolean }) {
  return (
    <div className="text-placeholder" aria-busy="true" data-testid="loading-page">
      {title && <span className="text-placeholder-title" />}
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className="text-placeholder-line" />
      ))}
    </div>
  );
}
