import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearSession } from '../lib/session';
import { json, stubFetch } from './fake-fetch';

// Every page is a lazy chunk (lib/lazy-component.ts): its first import in a test file is
// transformed on demand, which can take more than the default second on a busy machine.
configure({ asyncUtilTimeout: 4000 });

// antd needs these browser APIs, which jsdom lacks.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// antd reads computed styles of pseudo elements, which jsdom does not implement.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

// No test reaches the network: a test that expects calls stubs fetch itself; any other call
// (the footer's page list, say) gets an empty list or a 404 instead of a real request.
beforeEach(() => {
  stubFetch(() => json({ statusCode: 404, message: 'Ressource introuvable.' }, 404));
});

afterEach(() => {
  cleanup();
  // The access token lives in memory (lib/session.ts): forgotten between tests like the storage.
  clearSession();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.title = '';
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
