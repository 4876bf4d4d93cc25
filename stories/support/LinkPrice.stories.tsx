import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { MOCK_LINKS } from '../../src/mock/browser.js'
import { LinkPrice } from './LinkPrice.js'

const meta = {
  title: 'Storybook setup/LinkPrice',
  component: LinkPrice,
  tags: ['autodocs'],
  args: { code: MOCK_LINKS.demo },
  argTypes: { code: { control: 'select', options: Object.values(MOCK_LINKS) } },
} satisfies Meta<typeof LinkPrice>

export default meta
type Story = StoryObj<typeof meta>

/** The seeded demo link, read from the mock through the service worker. */
export const Price: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('1.50 USDC')).toBeVisible()
  },
}

/** The same link in the dark theme. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText('1.50 USDC')).toBeVisible()
    await expect(canvasElement.querySelector('[data-theme]')).toHaveAttribute('data-theme', 'dark')
  },
}

/** A named scenario: every link lookup answers 404. */
export const NotFound: Story = {
  parameters: { paylinkMock: { scenarios: ['link-not-found'] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('No link with code demo')
  },
}

/** A fault: the link never answers, so the story stays loading. */
export const Loading: Story = {
  parameters: { paylinkMock: { faults: { getLink: { latencyMs: 999_999 } }, client: { timeoutMs: Infinity } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Loading the price…')).toBeVisible()
  },
}
