import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';

/**
 * Manifest V3 for Chromium. Host access to CMS sites is requested at run time
 * (optional_host_permissions, granted per site from the side panel); only the
 * loopback hosts of the local development stack are granted at install.
 */
export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'entrypoints',
  publicDir: 'public',
  vite: () => ({ plugins: [preact()] }),
  manifest: {
    name: 'Countersign',
    description:
      'An AI agent beside your CMS admin that changes nothing until a person countersigns.',
    minimum_chrome_version: '116',
    permissions: ['storage', 'notifications', 'alarms', 'sidePanel', 'scripting', 'tabs'],
    host_permissions: ['http://127.0.0.1/*', 'http://localhost/*'],
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    action: { default_title: 'Open Countersign' },
    commands: {
      _execute_action: {
        suggested_key: { default: 'Alt+Shift+K' },
        description: 'Open the Countersign side panel',
      },
    },
  },
});
