import { composeStories, setProjectAnnotations } from '@storybook/react-vite'
import { renderToString } from 'react-dom/server'
import preview from '../../.storybook/preview.js'
import * as stories from '../../stories/PayLinkButton.stories.js'

// The Controls panel shows a toggle for each boolean prop of PayLinkButton (react-docgen-typescript
// reads them from its props) unless the stories turn that control off. A designer who flips one on
// any story must see a button with its text, not Storybook's error screen or a blank button.
setProjectAnnotations(preview)

const toggles = ['asChild', 'showSplit', 'unstyled', 'disabled'] as const
// `children` (a ReactNode) gets an Object control, whose "Set object" button gives it `{}`.
const labelOf = (html: string) => /data-paylink-part="label"[^>]*>([^<]*)/.exec(html)?.[1]

// What Storybook makes of `control: false` once the story is prepared.
const off = (argType: { control?: unknown } | undefined) => argType?.control === false || (argType?.control as { disable?: boolean } | undefined)?.disable === true

for (const [name, Story] of Object.entries(composeStories(stories))) {
  const argTypes = Story.argTypes as Record<string, { control?: unknown } | undefined>
  for (const toggle of toggles) {
    if (off(argTypes[toggle])) continue
    test(`PayLinkButton ${name} with its ${toggle} control flipped shows a button with its text`, () => {
      const flipped = { [toggle]: !(Story.args as Record<string, unknown>)[toggle] }
      const html = renderToString(<Story {...flipped} />)
      // The label part holds the state's text ("Loading…" on a server), not nothing.
      expect(labelOf(html)).toMatch(/\p{L}/u)
    })
  }
  if (off(argTypes.children)) continue
  test(`PayLinkButton ${name} with its children control set to an object shows a button with its text`, () => {
    const html = renderToString(<Story {...({ children: {} } as object)} />)
    expect(labelOf(html)).toMatch(/\p{L}/u)
  })
}

// A `resource` wins over a `code`: on a story that pays an x402 URL, a link picked in the Code
// control would change nothing on screen.
for (const [name, Story] of Object.entries(composeStories(stories))) {
  if ((Story.args as { resource?: string }).resource === undefined) continue
  test(`PayLinkButton ${name}, which pays a resource, offers no Code control`, () => {
    expect(off((Story.argTypes as Record<string, { control?: unknown } | undefined>).code)).toBe(true)
  })
}
