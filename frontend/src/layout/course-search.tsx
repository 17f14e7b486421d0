import { useState } from 'react';
import { useMatch, useNavigate } from 'react-router-dom';
import { Input } from 'antd';
import { messages as m } from './messages';

/** The navigation bar's course search: opens /search/{searchstring} (01 §2.3). */
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
      <Input.Search
        value={value}
        onChange={(event) => setDraft({ for: current, value: event.target.value })}
        onSearch={search}
        placeholder={m.search.placeholder}
        aria-label={m.search.label}
        enterButton
        allowClear
        maxLength={100}
      />
    </form>
  );
}
