import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';
import { makeStore } from '../app/store';

/** Renders the whole application at `path`, with a fresh store read from localStorage. */
export function renderApp(path: string) {
  const store = makeStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store, router };
}
