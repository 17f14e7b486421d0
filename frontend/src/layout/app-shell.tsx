import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useSessionPolling } from '../lib/hooks';
import { Navbar, type GreetingName } from './navbar';
import { PageLoader } from './page-loader';
import { SiteFooter } from './site-footer';

/**
 * Navigation bar, routed page, footer: the frame of every page (01 §2.1). The footer's CMS page
 * list comes from the catalogue feature, handed in by the router (layout imports no feature), and
 * so does the bell of the notifications feature (docs/adr/0046).
 */
export function AppShell({ footerLinks, greetingName, bell }: { footerLinks?: ReactNode; greetingName?: GreetingName; bell?: ComponentType }) {
  useSessionPolling();
  return (
    <div className="app-shell">
      <Navbar Name={greetingName} Bell={bell} />
      <main className="app-main">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter extra={<Suspense fallback={null}>{footerLinks}</Suspense>} />
    </div>
  );
}
