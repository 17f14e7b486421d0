import { Link } from 'react-router-dom';
import { useGetPagesQuery } from '../catalogue-api';
import { useLogFailure } from '../../../components/course';
import { messages as m } from '../messages';

/** The footer's list of CMS pages (GET /pages/, 01 §2.2); nothing while it loads or fails. */
export function FooterPageLinks() {
  const { data, error } = useGetPagesQuery();
  useLogFailure(error, 'pages du pied de page');
  if (!Array.isArray(data) || data.length === 0) return null;
  return (
    <>
      <h2 className="site-footer__heading">{m.footer.heading}</h2>
      <ul className="site-footer__list" data-testid="footer-pages">
        {data.map((page) => (
          <li key={page.id}>
            <Link to={`/page/${page.id}/${page.slug}`}>{page.title}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}
