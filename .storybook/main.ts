import type { StorybookConfig } from '@storybook/react-vite';

/**
 * Storybook of the generated screens, for designers. Only the framework is installed (no addons in
 * node_modules/@storybook/), so `addons` stays empty. Everything runs offline: no telemetry, no
 * update check, no crash reports.
 */
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../stories/**/*.stories.tsx'],
  addons: [],
  core: {
    disableTelemetry: true,
    disableWhatsNewNotifications: true,
    enableCrashReports: false,
    disableProjectJson: true,
  },
  // Docgen feeds the docs addon, which is not installed.
  typescript: { reactDocgen: false },
  async viteFinal(viteConfig) {
    // builder-vite merges the root vite.config.ts but keeps only `build.target` of its `build` block, so
    // the app's manualChunks never reach this build; removed anyway should that change, since Storybook
    // splits its own chunks. The /api proxy only serves the app's dev server.
    const build = (viteConfig.build ??= {});
    const output = build.rollupOptions?.output;
    for (const o of Array.isArray(output) ? output : output ? [output] : []) delete o.manualChunks;
    build.sourcemap = false;
    build.chunkSizeWarningLimit = 5000;
    delete viteConfig.server?.proxy;
    // The app's own build steps (vite.config.ts) have nothing to do here: the route chunks of index.html name the app's
    // entry, which this build does not have, and the .br/.gz twins only serve the app's server.
    const appOnly = new Set(['secretaria:route-chunks', 'secretaria:pre-compressed']);
    viteConfig.plugins = (viteConfig.plugins ?? []).filter(
      (plugin) => !(plugin && typeof plugin === 'object' && 'name' in plugin && appOnly.has(plugin.name)),
    );
    return viteConfig;
  },
};

export default config;
