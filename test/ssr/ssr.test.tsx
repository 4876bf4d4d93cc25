import { composeStories, setProjectAnnotations } from '@storybook/react-vite'
import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import preview from '../../.storybook/preview.js'

// Every story of every component, rendered on a server (node, no DOM) with the Storybook decorators:
// a component that touches window or document while rendering fails here.
setProjectAnnotations(preview)

type StoryModule = Parameters<typeof composeStories>[0]
type ComposedStory = ComponentType & { storyName: string }
const modules = import.meta.glob<StoryModule>('../../stories/**/*.stories.tsx', { eager: true })

const stories = Object.entries(modules).flatMap(([file, module]) =>
  (Object.values(composeStories(module)) as ComposedStory[]).map((Story) => ({
    name: `${file.replace('../../stories/', '')} › ${Story.storyName}`,
    Story,
  })),
)

test('there are stories to render', () => {
  expect(stories.length).toBeGreaterThan(0)
})

for (const { name, Story } of stories) {
  test(`${name} renders with react-dom/server`, () => {
    const html = renderToString(<Story />)
    expect(html).toContain('class="paylink-story"')
    // A component story renders the component itself, with its state, not only the story frame.
    if (!name.startsWith('support/')) expect(html).toMatch(/<[a-z]+[^>]* data-state="[a-z_]+"/)
  })
}
