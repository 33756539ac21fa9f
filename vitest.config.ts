import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
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
