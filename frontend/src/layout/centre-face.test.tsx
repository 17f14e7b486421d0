import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readCentreFaceFromPage, setCentreFace, type CentreFace } from '../lib/centre-face';
import { renderApp } from '../test/render-app';

const UNSET: CentreFace = { nom: null, logo: null, accessibilite: { statut: 'non_conforme', taux: null } };
const HORIZON: CentreFace = { nom: 'Horizon Compétences', logo: 'a'.repeat(64), accessibilite: { statut: 'partiellement_conforme', taux: 77.3 } };

afterEach(() => setCentreFace(UNSET));

describe('the centre’s face on every page (docs/adr/0049)', () => {
  it('reads the face the server wrote into the page, and falls back when there is none or it is broken', () => {
    const page = document.implementation.createHTMLDocument('x');
    expect(readCentreFaceFromPage(page)).toEqual(UNSET);
    const meta = page.createElement('meta');
    meta.name = 'centre-face';
    meta.content = JSON.stringify(HORIZON);
    page.head.append(meta);
    expect(readCentreFaceFromPage(page)).toEqual(HORIZON);
    meta.content = '{pas du json';
    expect(readCentreFaceFromPage(page)).toEqual(UNSET);
  });

  it('says « LMS » and « non conforme » before the centre is named and audited', async () => {
    renderApp('/aboutus');
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    expect(document.title).toMatch(/^LMS \| /);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Accessibilité : non conforme' })).toHaveAttribute('href', '/accessibilite');
    expect(within(document.querySelector<HTMLElement>('header.navbar')!).queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the centre’s name and logo in the header, the title and the footer, and follows a change without a reload', async () => {
    setCentreFace(HORIZON);
    renderApp('/aboutus');
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    expect(document.title).toMatch(/^Horizon Compétences \| /);
    const brand = within(document.querySelector<HTMLElement>('header.navbar')!).getByRole('link', { name: /Horizon Compétences/ });
    expect(brand).toHaveAttribute('href', '/');
    expect(brand.querySelector('img')).toHaveAttribute('src', `/api/centre/logo/?v=${'a'.repeat(64)}`);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Accessibilité : partiellement conforme' })).toHaveAttribute('href', '/accessibilite');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Horizon Compétences. Tous droits réservés.`);

    act(() => setCentreFace({ ...HORIZON, nom: 'Horizon Formation', logo: null, accessibilite: { statut: 'totalement_conforme', taux: 100 } }));
    expect(document.title).toMatch(/^Horizon Formation \| /);
    expect(within(document.querySelector<HTMLElement>('header.navbar')!).queryByRole('img')).not.toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Accessibilité : totalement conforme' })).toBeInTheDocument();
  });
});
