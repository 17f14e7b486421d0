import { expect, type Page } from '@playwright/test';

/** The demo accounts of backend/src/demo/demo-accounts.ts (also in the README). */
export const DEMO = {
  admin: { email: 'admin@demo.lms-formation.fr', username: 'admin', password: 'AdminDemo2026!' },
  trainer: { email: 'claire.martin@demo.lms-formation.fr', username: 'claire.martin', password: 'Formatrice2026!' },
  student: { email: 'lea.dubois@demo.lms-formation.fr', username: 'lea.dubois', password: 'Etudiante2026!' },
  student2: { email: 'hugo.lefevre@demo.lms-formation.fr', username: 'hugo.lefevre', password: 'Etudiant2026!!' },
  suspended: { email: 'thomas.petit@demo.lms-formation.fr', username: 'thomas.petit', password: 'Etudiant2026!!' },
};

export async function fillLogin(page: Page, email: string, password: string, emailLabel: string | RegExp = /^Email/) {
  const form = page.locator('main form').first();
  await form.getByLabel(emailLabel).fill(email);
  await form.getByLabel('Mot de passe', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Se connecter' }).click();
}

export async function expectGreeting(page: Page, username: string) {
  await expect(page.getByTestId('navbar-greeting')).toHaveText(new RegExp(`Bonjour, ${username.replace('.', '\\.')}`));
}
