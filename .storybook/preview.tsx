// Vite's client types: CSS side-effect imports here, `import.meta.glob` in test/ssr.
/// <reference types="vite/client" />
import type { Preview } from '@storybook/react-vite'
import '../src/styles.css'
import { mswBeforeEach } from '../stories/support/mswPreview.js'
import { installPayLinkMock } from '../stories/support/paylinkMock.js'
import { withPayLink } from '../stories/support/withPayLink.js'
import { withTheme } from '../stories/support/withTheme.js'
import './preview.css'

const preview: Preview = {
  // In this order: the first puts the worker on `context.msw`, the second gives the story its mock.
  beforeEach: [mswBeforeEach, installPayLinkMock],
  decorators: [withPayLink, withTheme],
  globalTypes: {
    theme: {
      description: 'Light or dark: data-theme on the story root',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    // Axe violations fail the story tests, not just show in the panel.
    a11y: { test: 'error' },
    // The theme paints the canvas (preview.css); a second, independent background switch could only disagree with it.
    backgrounds: { disable: true },
    controls: { expanded: true, sort: 'requiredFirst' },
  },
}

export default preview
