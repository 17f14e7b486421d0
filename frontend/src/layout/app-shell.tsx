import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useSessionPolling } from '../lib/hooks';
import { Navbar, type GreetingName } from './navbar';
import { PageLoader } from './page-loader';
import { SiteFooter } from './site-footer';

/**
 * Navigation bar, routed page, footer: the frame of every page (01 §2.1). The footer's CMS page
 * list comes from the catalogue feature, handed in by the router (layout imports no feature).
 */
export function AppShell({ footerLinks, greetingName }: { footerLinks?: ReactNode; greetingName?: GreetingName }) {
  useSessionPolling();
  return (
    <div className="app-shell">
      <Navbar Name={greetingName} />
      <main className="app-main">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter extra={<Suspense fallback={null}>{footerLinks}</Suspense>} />
    </div>
  );
}
