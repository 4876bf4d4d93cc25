import type { Decorator } from '@storybook/react-vite'

/**
 * `dir` around the story, from the toolbar's direction: as an app in Arabic or Hebrew sets it on
 * an ancestor, which the components follow through logical properties. Inside the theme's root, so
 * that preview.css still finds that root as the story's first child.
 */
export const withDirection: Decorator = (Story, { globals }) => (
  <div dir={globals.dir === 'rtl' ? 'rtl' : 'ltr'}>
    <Story />
  </div>
)
