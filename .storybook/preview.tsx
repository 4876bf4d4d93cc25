// Vite's client types: CSS side-effect imports here, `import.meta.glob` in test/ssr.
/// <reference types="vite/client" />
import type { Preview } from '@storybook/react-vite'
import '../src/styles.css'
import { mswBeforeEach } from '../stories/support/mswPreview.js'
import { installPayLinkMock } from '../stories/support/paylinkMock.js'
import { withPayLink } from '../stories/support/withPayLink.js'
import { withDirection } from '../stories/support/withDirection.js'
import { withTheme } from '../stories/support/withTheme.js'
import './preview.css'

const preview: Preview = {
  // In this order: the first puts the worker on `context.msw`, the second gives the story its mock.
  beforeEach: [mswBeforeEach, installPayLinkMock],
  // Listed inner first: the theme's root stays outermost (preview.css paints the canvas from it).
  decorators: [withPayLink, withDirection, withTheme],
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
    dir: {
      description: 'Left to right or right to left: dir around the story',
      toolbar: {
        title: 'Direction',
        icon: 'transfer',
        items: [
          { value: 'ltr', title: 'Left to right', right: 'LTR' },
          { value: 'rtl', title: 'Right to left', right: 'RTL' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', dir: 'ltr' },
  parameters: {
    // Axe violations fail the story tests, not just show in the panel.
    a11y: { test: 'error' },
    // The theme paints the canvas (preview.css); a second, independent background switch could only disagree with it.
    backgrounds: { disable: true },
    controls: { expanded: true, sort: 'requiredFirst' },
  },
}

export default preview
