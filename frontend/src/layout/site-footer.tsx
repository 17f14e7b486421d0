import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { EnvironmentOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { brandOf, statusLabel, useCentreFace } from '../lib/centre-face';
import { messages as m } from './messages';

/** Footer of 01 §2.2; `extra` is the list of CMS pages (fetched by the catalogue feature). */
export function SiteFooter({ extra }: { extra?: ReactNode }) {
  const year = new Date().getFullYear();
  const face = useCentreFace();
  const brand = brandOf(face);
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__columns">
          <div>
            <div className="site-footer__brand">{brand}</div>
            <p className="site-footer__text">{m.footer.about}</p>
          </div>
          <div>
            <h2 className="site-footer__heading">{m.footer.quickLinks}</h2>
            <ul className="site-footer__list">
              <li>
                <Link to="/aboutus">{m.footer.aboutUs}</Link>
              </li>
              <li>
                <Link to="/policy">{m.footer.policy}</Link>
              </li>
              <li>
                <Link to="/faq">{m.footer.faq}</Link>
              </li>
              <li>
                <Link to="/assistance">{m.footer.assistance}</Link>
              </li>
              <li>
                <Link to="/reclamation">{m.footer.complaint}</Link>
              </li>
            </ul>
          </div>
          <div>{extra}</div>
          <div>
            <h2 className="site-footer__heading">{m.footer.contact}</h2>
            <address className="site-footer__contact">
              <p className="site-footer__item">
                <EnvironmentOutlined aria-hidden />
                <span>
                  {m.footer.address.map((line) => (
                    <span key={line} className="site-footer__line">
                      {line}
                    </span>
                  ))}
                </span>
              </p>
              <p className="site-footer__item">
                <PhoneOutlined aria-hidden />
                <a href={m.footer.phoneHref}>{m.footer.phone}</a>
              </p>
              <p className="site-footer__item">
                <MailOutlined aria-hidden />
                <a href={`mailto:${m.footer.email}`}>{m.footer.email}</a>
              </p>
              <p className="site-footer__hours">{m.footer.hours}</p>
            </address>
          </div>
        </div>
        <div className="site-footer__bottom">
          <span>{m.footer.copyright(year, face.nom)}</span>
          <span className="site-footer__bottom-links">
            <Link to="/">{m.footer.home}</Link>
            <Link to="/faq">{m.footer.faqShort}</Link>
            {/* The statement's status, on every page (docs/adr/0049, RGAA: « Accessibilité : … conforme »). */}
            <Link to="/accessibilite" data-testid="footer-accessibility">
              {m.footer.accessibility(statusLabel(face.accessibilite.statut))}
            </Link>
            {/* The staff's entrance, out of the learners' navigation (issue 30); /teacher-login links to /admin-login. */}
            <Link to="/teacher-login">{m.footer.staff}</Link>
          </span>
        </div>
      </div>
    </footer>
  );
}
