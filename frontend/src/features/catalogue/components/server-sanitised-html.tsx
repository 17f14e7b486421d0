/**
 * Renders HTML that the server sanitised when it was written (the CMS pages: the catalogue
 * context strips scripts, event-handler attributes and javascript: URLs on write, and its API
 * tests feed it XSS payloads). No client-side sanitiser is bundled; this component is the only
 * place where the front end injects HTML, so that the trust it places in the server stays visible.
 */
export function ServerSanitisedHtml({ html, className }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
