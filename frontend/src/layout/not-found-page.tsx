import { Link } from 'react-router-dom';
import { usePageTitle } from '../lib/hooks';
import { StatusMessage } from '../components/status';

/** The 404 page's texts: with the page (a lazy chunk), not in the shell's messages (docs/adr/0010). */
const m = {
  notFound: {
    title: 'Page introuvable',
    text: "La page que vous cherchez n'existe pas ou a été déplacée.",
    home: "Retour à l'accueil",
  },
} as const;

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
