import type { Decorator } from '@storybook/react-vite'

/** The story root: `data-theme` from the toolbar's theme, which the components' tokens (and preview.css) follow. */
export const withTheme: Decorator = (Story, { globals }) => (
  <div className="paylink-story" data-theme={globals.theme === 'dark' ? 'dark' : 'light'}>
    <Story />
  </div>
)
