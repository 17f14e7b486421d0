import { Link } from 'react-router-dom';
import { Result } from 'antd';
import { usePageTitle } from '../app/hooks';
import { messages as m } from './messages';

export function NotFoundPage() {
  usePageTitle(m.notFound.title);
  return (
    <div className="not-found">
      <Result
        status="404"
        title={<h1 className="not-found__title">{m.notFound.title}</h1>}
        subTitle={m.notFound.text}
        extra={
          <Link to="/" className="button-link">
            {m.notFound.home}
          </Link>
        }
      />
    </div>
  );
}
