import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { afterPackagesUnloaded } from '../../../lib/scorm-bridge';

/**
 * While a learner's package is on screen, a click on a link to another page of the app (the
 * player's « Mes cours », the menu) first unloads the package, so the calls of its unload handlers
 * reach the run-time and the last commit carries them (docs/adr/0025), then goes where the link
 * said. Listened to in the capture phase, before the router's own handler. A link to another site,
 * to a new tab, or a click with a modifier key is left to the browser; so are the browser's own
 * back button and closing the tab (the player's page-hide commit then sends what the package had set).
 */
export function useUnloadBeforeLeaving(active: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return undefined;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const to = `${url.pathname}${url.search}${url.hash}`;
      if (to === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
      event.preventDefault();
      afterPackagesUnloaded(() => navigate(to));
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [active, navigate]);
}
