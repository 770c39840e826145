// @ts-check
import { defineConfig } from 'astro/config';
import { existsSync } from 'node:fs';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { inlineScriptPlugin } from './scripts/inline-script-plugin.ts';
import { islandPreloadsPlugin } from './scripts/island-preloads-plugin.ts';

// Same optional .env as the server reads (see .env.example); variables already set win.
if (existsSync('.env')) process.loadEnvFile('.env');
const env = process.env;
// The public origin is needed for canonical, hreflang and sitemap URLs; set SITE_URL when deploying.
const site = env.SITE_URL ?? 'http://localhost:4321';

// Test-only pages (tests/e2e/fixtures) are injected when E2E_FIXTURES=1, never in a normal build.
const e2eFixtures = env.E2E_FIXTURES === '1';

export default defineConfig({
  site,
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  trailingSlash: 'never',
  build: { format: 'file' },
  // No code blocks on the site; Shiki's inline styles would also need CSP exceptions.
  markdown: { syntaxHighlight: false },
  i18n: {
    locales: ['en', 'id'],
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: false },
  },
  security: {
    // Astro's origin check refuses form-encoded gateway callbacks and API clients; CSRF lives in the API middleware.
    checkOrigin: false,
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "form-action 'self'",
        "base-uri 'self'",
        "object-src 'none'",
      ],
    },
  },
  integrations: [
    react(),
    sitemap({
      i18n: { defaultLocale: 'en', locales: { en: 'en', id: 'id' } },
      filter: (page) => !page.includes('/e2e/'),
    }),
    {
      name: 'e2e-fixtures',
      hooks: {
        'astro:config:setup': ({ injectRoute }) => {
          if (!e2eFixtures) return;
          injectRoute({
            pattern: '/e2e/notifications',
            entrypoint: './tests/e2e/fixtures/notifications.astro',
            prerender: true,
          });
          injectRoute({
            pattern: '/e2e/expire-booking',
            entrypoint: './tests/e2e/fixtures/expire-booking.ts',
            prerender: false,
          });
          injectRoute({
            pattern: '/e2e/hold-ends-in',
            entrypoint: './tests/e2e/fixtures/hold-ends-in.ts',
            prerender: false,
          });
          injectRoute({
            pattern: '/e2e/staff-add',
            entrypoint: './tests/e2e/fixtures/staff-add.ts',
            prerender: false,
          });
          injectRoute({
            pattern: '/e2e/announcement',
            entrypoint: './tests/e2e/fixtures/announcement.ts',
            prerender: false,
          });
          injectRoute({
            pattern: '/e2e/refund-overdue',
            entrypoint: './tests/e2e/fixtures/refund-overdue.ts',
            prerender: false,
          });
        },
      },
    },
  ],
  vite: {
    plugins: [
      tailwindcss(),
      inlineScriptPlugin(),
      islandPreloadsPlugin(),
      paraglideVitePlugin({ project: './project.inlang', outdir: './src/paraglide', emitGitIgnore: false }),
    ],
  },
});
