import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // The long scenario tests take 5–15 s on 2 busy cores (jsdom, user-event); a timeout is for a hang.
    testTimeout: 60000,
    // Two cores: two worker threads (cheaper to start than forked processes), each file still in
    // its own isolated environment.
    pool: 'threads',
    maxWorkers: 2,
    environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
  },
});
