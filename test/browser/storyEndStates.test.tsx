import { composeStories, setProjectAnnotations } from '@storybook/react-vite'
import preview from '../../.storybook/preview.js'
import * as AttentionTracker from '../../stories/AttentionTracker.stories.js'

// A designer opens a story named for a state to review that state: once its play has run (on the
// story's own page), the component must be in it, not one step further on.
setProjectAnnotations(preview)

const tracker = composeStories(AttentionTracker)

test.each([
  ['WaitingForConsent', 'idle'],
  ['Waiting', 'waiting'],
  ['Tracking', 'active'],
  ['Paused', 'paused'],
  ['UnknownLink', 'stopped'],
] as const)('AttentionTracker %s ends %s', async (name, state) => {
  const canvasElement = document.body.appendChild(document.createElement('div'))
  try {
    await tracker[name].run({ canvasElement })
    expect(canvasElement.querySelector('.paylink-attention-tracker')).toHaveAttribute('data-state', state)
  } finally {
    canvasElement.remove()
  }
})
