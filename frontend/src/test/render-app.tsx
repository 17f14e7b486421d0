import { useLayoutEffect } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/router';
import { makeStore } from '../app/store';

/** Where the application is: updated on every navigation. */
export interface CurrentLocation {
  pathname: string;
  search: string;
}

function LocationProbe({ into }: { into: CurrentLocation }) {
  const location = useLocation();
  useLayoutEffect(() => {
    into.pathname = location.pathname;
    into.search = location.search;
  }, [into, location]);
  return null;
}

/** Renders the whole application at `path`, with a fresh store read from localStorage. */
export function renderApp(path: string) {
  const store = makeStore();
  const location: CurrentLocation = { pathname: path, search: '' };
  const view = render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe into={location} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, store, location };
}
