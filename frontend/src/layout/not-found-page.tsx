import { Link } from 'react-router-dom';
import { usePageTitle } from '../lib/hooks';
import { StatusMessage } from '../components/status';
import { messages as m } from './messages';

export function NotFoundPage() {
  usePageTitle(m.notFound.title);
  return (
    <div className="not-found">
      <StatusMessage
        kind="not-found"
        level={1}
        title={m.notFound.title}
        text={m.notFound.text}
        extra={
          <Link to="/" className="button-link">
            {m.notFound.home}
          </Link>
        }
      />
    </div>
  );
}
