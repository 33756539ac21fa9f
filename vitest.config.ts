import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { localeKeys } from './scripts/vite/localeKeys.ts';

export default defineConfig({
  plugins: [react(), localeKeys()],
  define: { global: 'globalThis' },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['tests/unit/setup.ts'],
    globalSetup: ['tests/unit/globalSetup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    restoreMocks: true,
  },
});
