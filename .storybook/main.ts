import type { StorybookConfig } from '@storybook/react-vite'

const config: StorybookConfig = {
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.tsx'],
  // msw-storybook-addon is wired in preview.tsx instead (see stories/support/mswPreview.ts).
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: {
    name: '@storybook/react-vite',
    // Storybook's own Vite config, not the library's: the library build (entries, externals) has
    // nothing to do with the preview, and loading vite.config.ts from a test project it declares
    // would load this one again.
    options: { builder: { viteConfigPath: '.storybook/vite.config.ts' } },
  },
  // The worker script of msw (`npx msw init public`), served beside iframe.html (see stories/support/mswPreview.ts).
  staticDirs: ['../public'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: {
    // Props tables and controls come from the exported `XProps` types and their JSDoc.
    reactDocgen: 'react-docgen-typescript',
    reactDocgenTypescriptOptions: {
      shouldExtractLiteralValuesFromEnum: true,
      shouldRemoveUndefinedFromOptional: true,
      // Our props only: not the hundreds of DOM attributes every component also accepts.
      propFilter: (prop) => !prop.parent || !/node_modules/.test(prop.parent.fileName),
    },
  },
}

export default config
