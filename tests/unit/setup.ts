import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll } from 'vitest';

// Component tests (jsdom environment) only: the node tests never load Testing Library.
beforeAll(async () => {
  if (typeof document === 'undefined') return;
  const { configure } = await import('@testing-library/react');
  // findBy…/waitFor give up after 5 s, not Testing Library's 1 s: on CI's 2 busy cores a lazily
  // loaded page (its chunk, its `needs`, the rest of English; each transformed on its first import)
  // can take longer than 1 s to show, and a test then failed for the machine's load, not the app.
  // An element that never comes still fails the test.
  configure({ asyncUtilTimeout: 5_000 });
});

// Testing Library unmounts after each test only with vitest globals; do it explicitly for
// component tests (jsdom environment).
afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
});
