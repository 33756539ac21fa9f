import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';

// Testing Library unmounts after each test only with vitest globals; do it explicitly for
// component tests (jsdom environment).
afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
});
