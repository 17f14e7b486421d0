import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { messages as m } from './messages';

/**
 * Previous/Next pagination of the paged lists (01 §2.3), with "Page X sur Y". Plain buttons in
 * antd's look (styles.css `.button`): antd's Button would bring its form machinery to every list.
 */
export function Pager({
  page,
  count,
  pageSize,
  hasPrevious,
  hasNext,
  onChange,
}: {
  page: number;
  count: number;
  pageSize: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onChange: (page: number) => void;
}) {
  if (!hasPrevious && !hasNext) return null;
  const pages = Math.max(1, Math.ceil(count / pageSize));
  return (
    <nav className="pager" aria-label={m.pagination}>
      <button type="button" className="button" disabled={!hasPrevious} onClick={() => onChange(page - 1)}>
        <LeftOutlined aria-hidden /> {m.previous}
      </button>
      <span className="pager__status" aria-live="polite">
        {m.pageOf(page, pages)}
      </span>
      <button type="button" className="button" disabled={!hasNext} onClick={() => onChange(page + 1)}>
        {m.next} <RightOutlined aria-hidden />
      </button>
    </nav>
  );
}
