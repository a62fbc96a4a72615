import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';
import { recordCheckPlugin } from './scripts/record-check-plugin.mjs';
import { LOOPBACK_MATCHES, loopbackAllowed, stripLoopback } from './scripts/loopback-manifest.mjs';
import { localeFiles, msg } from './scripts/locales-manifest.mjs';
import { de } from './src/i18n/messages/de';
import { en } from './src/i18n/messages/en';
import { he } from './src/i18n/messages/he';

/**
 * Manifest V3 for Chromium. Host access to CMS sites is requested at run time
 * (optional_host_permissions, granted per site from the side panel). Only development and
 * test builds (`wxt` dev, COUNTERSIGN_LOOPBACK=1 as `npm run build:test` sets) also grant the
 * loopback hosts of the local stacks at install; a production build never holds them (the
 * manifest hook strips them, also from the content scripts' matches).
 */
export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'entrypoints',
  publicDir: 'public',
  // A second build beside the usual .output (parallel work on one machine); default unchanged.
  ...(process.env.COUNTERSIGN_OUT_DIR ? { outDir: process.env.COUNTERSIGN_OUT_DIR } : {}),
  vite: () => ({ plugins: [preact(), recordCheckPlugin()] }),
  manifest: ({ command }) => ({
    // issue 37: the manifest's words come from the catalogue, in the browser's language.
    name: msg('name'),
    description: msg('description'),
    default_locale: 'en',
    minimum_chrome_version: '116',
    // Public key only: pins the extension id (fhcilncgkedhjoklfffdainjciojbkcj) so managed
    // policy (3rdparty.extensions.<id>) can address it. The private key is not kept.
    key: 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqzCu0w55v1NJSTUGMZqpI7zbBt6SLUC6W3/hvxbtLajTMRK5Wr3MQXSv3wJkkhGXEyWHmz2BmxvTTFxa1XLdCT0Fjxt35ZemE/G5bs3T+EXZUlDbMyiKKvn238OuC06uy6eQAMkr4Ai8R/mmJp5mSrH1LY4T2Kt0nirZ5kO7hLGdbutirkxNj4DLU5k3Lnc3NgbZ1chOfWJm+SwaGin1CTHButcWUb+Bn6C/REHkxMl/lfhoNFHS9vbX3NRcq/P1zOGQEj0MjGz1QUq3ZeHAfCE0jlL0fcs7XyMqCyNn4Y92Lps0AIIWA7f1xryzrqKTyBfYbTbYmf4z/2TC6X6lFwIDAQAB',
    storage: { managed_schema: 'managed-schema.json' },
    permissions: ['storage', 'notifications', 'alarms', 'sidePanel', 'scripting', 'tabs'],
    host_permissions: loopbackAllowed(command) ? LOOPBACK_MATCHES : [],
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    action: { default_title: msg('action.title') },
    commands: {
      _execute_action: {
        suggested_key: { default: 'Alt+Shift+K' },
        description: msg('command.open'),
      },
    },
  }),
  hooks: {
    'build:publicAssets': (_wxt, files) => {
      files.push(...localeFiles({ en, de, he }));
    },
    'build:manifestGenerated': (wxt, manifest) => {
      if (!loopbackAllowed(wxt.config.command)) stripLoopback(manifest);
    },
  },
});
