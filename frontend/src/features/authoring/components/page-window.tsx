import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { messages as m } from '../messages';

export type PageItem = number | 'gap-before' | 'gap-after';

/**
 * The pages offered (03 §9): all of them up to 7; beyond, a window of 5 around the current page,
 * with the first and the last page and an ellipsis where pages are skipped.
 */
export function pageWindow(current: number, total: number): PageItem[] {
  if (total <= 7) return Array.from({ length: Math.max(total, 0) }, (_, index) => index + 1);
  const start = Math.max(1, Math.min(current - 2, total - 4));
  const end = start + 4;
  const items: PageItem[] = [];
  if (start > 1) items.push(1);
  if (start > 2) items.push('gap-before');
  for (let page = start; page <= end; page += 1) items.push(page);
  if (end < total - 1) items.push('gap-after');
  if (end < total) items.push(total);
  return items;
}

/** Numbered pagination with previous and next; nothing for a single page. */
export function PageWindow({ page, total, onChange }: { page: number; total: number; onChange: (page: number) => void }) {
  if (total <= 1) return null;
  return (
    <nav className="page-window" aria-label={m.admin.pagination}>
      <button type="button" className="page-window__item" disabled={page <= 1} onClick={() => onChange(page - 1)} aria-label={m.admin.previousPage}>
        <LeftOutlined aria-hidden />
      </button>
      {pageWindow(page, total).map((item) =>
        typeof item === 'number' ? (
          <button
            key={item}
            type="button"
            className={item === page ? 'page-window__item is-current' : 'page-window__item'}
            aria-current={item === page ? 'page' : undefined}
            aria-label={m.admin.page(item)}
            onClick={() => onChange(item)}
          >
            {item}
          </button>
        ) : (
          <span key={item} className="page-window__gap" aria-hidden>
            …
          </span>
        ),
      )}
      <button type="button" className="page-window__item" disabled={page >= total} onClick={() => onChange(page + 1)} aria-label={m.admin.nextPage}>
        <RightOutlined aria-hidden />
      </button>
    </nav>
  );
}
