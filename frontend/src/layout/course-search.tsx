import { useState } from 'react';
import { useMatch, useNavigate } from 'react-router-dom';
import { SearchOutlined } from '@ant-design/icons';
import { messages as m } from './messages';

/**
 * The navigation bar's course search: opens /search/{searchstring} (01 §2.3). A plain input styled
 * like antd's: it is on every page, and antd's Input would bring its form machinery to all of them.
 */
export function CourseSearch({ onSearched }: { onSearched?: () => void }) {
  const navigate = useNavigate();
  const match = useMatch('/search/:searchstring');
  const current = match?.params.searchstring ?? '';
  const [draft, setDraft] = useState<{ for: string; value: string }>({ for: current, value: current });
  // A new search page (Back, a link) resets what the box shows.
  const value = draft.for === current ? draft.value : current;

  const search = (text: string) => {
    const term = text.trim();
    if (!term) return;
    navigate(`/search/${encodeURIComponent(term)}`);
    onSearched?.();
  };

  return (
    <form
      role="search"
      className="course-search"
      onSubmit={(event) => {
        event.preventDefault();
        search(value);
      }}
    >
      <input
        type="search"
        className="course-search__input"
        value={value}
        onChange={(event) => setDraft({ for: current, value: event.target.value })}
        placeholder={m.search.placeholder}
        aria-label={m.search.label}
        maxLength={100}
      />
      <button type="submit" className="course-search__button" aria-label={m.search.submit}>
        <SearchOutlined aria-hidden />
      </button>
    </form>
  );
}
