import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { messages as m } from '../messages';

/** The five page numbers around `page` (fewer when there are fewer pages). */
export function pageWindow(page: number, pages: number, width = 5): number[] {
  const start = Math.max(1, Math.min(page - Math.floor(width / 2), pages - width + 1));
  const end = Math.min(pages, start + width - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/**
 * The progress list's pagination (03 §2): 'Page X sur Y (5 étudiants par page)', first and last
 * page, previous and next, a window of five numbers with ellipses for the pages beyond. Shown only
 * when there is more than one page; every button disabled while `disabled` (an export running).
 * Another list says its own `summary` ('Affichage des formateurs X à Y sur N').
 */
export function PageNumbers({ page, pages, pageSize, disabled, onChange, summary }: { page: number; pages: number; pageSize: number; disabled: boolean; onChange: (page: number) => void; summary?: string }) {
  if (pages <= 1) return null;
  const numbers = pageWindow(page, pages);
  const button = (target: number, label: string, content: React.ReactNode, current = false) => (
    <button
      type="button"
      className={current ? 'page-numbers__button is-current' : 'page-numbers__button'}
      aria-label={label}
      aria-current={current ? 'page' : undefined}
      disabled={disabled || (!current && (target < 1 || target > pages || target === page))}
      onClick={() => onChange(target)}
    >
      {content}
    </button>
  );
  return (
    <nav className="page-numbers" aria-label={m.pagination.label}>
      <p className="page-numbers__summary">{summary ?? m.pagination.summary(page, pages, pageSize)}</p>
      <div className="page-numbers__buttons">
        {button(1, m.pagination.first, <DoubleLeftOutlined aria-hidden />)}
        {button(page - 1, m.pagination.previous, <LeftOutlined aria-hidden />)}
        {numbers[0]! > 1 ? <span className="page-numbers__gap" aria-hidden>…</span> : null}
        {numbers.map((n) => (
          <span key={n}>{button(n, m.pagination.page(n), n, n === page)}</span>
        ))}
        {numbers[numbers.length - 1]! < pages ? <span className="page-numbers__gap" aria-hidden>…</span> : null}
        {button(page + 1, m.pagination.next, <RightOutlined aria-hidden />)}
        {button(pages, m.pagination.last, <DoubleRightOutlined aria-hidden />)}
      </div>
    </nav>
  );
}
