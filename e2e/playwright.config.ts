// Browser journeys and API smoke tests against the real server, started like production by
// global-setup.ts on a throwaway PostgreSQL database. Uses Debian's Chromium: never run
// `npx playwright install`.
import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, CHROMIUM_ARGS, CHROMIUM_PATH } from './env.ts';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results/e2e',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Generous: CI is a 2-core machine that also runs the server and two browsers.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } } }],
});
