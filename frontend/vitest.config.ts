import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // happy-dom: the same tests in about 60% of jsdom's CPU time (jsdom's style cascade and
    // selector engine dominated the profile). A file that needs jsdom's computed styles says so
    // with `// @vitest-environment jsdom` (the contrast test).
    environment: 'happy-dom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // The long scenario tests take 5–15 s alone, but `just test` runs them niced beside the Rust
    // build, the Rust tests and the browser tests: a 10 s test once took over 60 s there. A timeout
    // is for a hang, so it is generous.
    testTimeout: 180000,
    // Two cores: two worker threads (cheaper to start than forked processes).
    pool: 'threads',
    // Files share a worker's modules instead of re-importing them (a fifth less processor time):
    // every test builds its own store and renders into a fresh document, and setup.ts clears
    // storage and cookies before each test.
    isolate: false,
    maxWorkers: 2,
    environmentOptions: {
      happyDOM: { url: 'http://localhost:3000/' },
      jsdom: { url: 'http://localhost:3000/' },
    },
  },
});
