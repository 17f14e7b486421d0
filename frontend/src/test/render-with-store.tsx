import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '../app/store';

/** Renders one component with a fresh store (its RTK Query reads go through the stubbed fetch). */
export function renderWithStore(ui: ReactElement) {
  const store = makeStore();
  return { ...render(<Provider store={store}>{ui}</Provider>), store };
}
