import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useSessionPolling } from '../app/hooks';
import { Navbar } from './navbar';
import { PageLoader } from './page-loader';
import { SiteFooter } from './site-footer';

/** Navigation bar, routed page, footer: the frame of every page (01 §2.1). */
export function AppShell() {
  useSessionPolling();
  return (
    <div className="app-shell">
      <Navbar />
      <main className="app-main">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
