import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { createPayLinkClient } from '../../src/client.js'
import { FeeEstimate } from '../../src/components/FeeEstimate.js'
import { PayLinkProvider } from '../../src/hooks/PayLinkProvider.js'
import '../../src/styles.css'

// README: data-theme on the component or an ancestor sets the theme; on the component itself it
// wins over an ancestor's, and between two ancestors dark wins.
const cases: [string, 'light' | 'dark', { outer?: string; inner?: string; own?: string }][] = [
  ['light on the component inside a dark page', 'light', { outer: 'dark', own: 'light' }],
  ['dark on the component inside a light page', 'dark', { outer: 'light', own: 'dark' }],
  ['a dark ancestor alone', 'dark', { outer: 'dark' }],
  ['a light section inside a dark page, between two ancestors', 'dark', { outer: 'dark', inner: 'light' }],
  ['a dark section inside a light page, between two ancestors', 'dark', { outer: 'light', inner: 'dark' }],
]

test.each(cases)('%s: %s', (_, expected, { outer, inner, own }) => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PayLinkProvider client={createPayLinkClient({ baseUrl: 'https://api.paylink.test' })}>
        <div data-theme={outer}>
          <div data-theme={inner}>
            {/* Idle: no parameters, no request. */}
            <FeeEstimate data-theme={own} />
          </div>
        </div>
      </PayLinkProvider>
    </QueryClientProvider>,
  )
  const style = getComputedStyle(screen.getByRole('group', { name: 'Fee estimate' }))
  expect(style.colorScheme).toBe(expected)
  // The tokens follow: the background is the theme's own.
  expect(style.backgroundColor).toBe(expected === 'light' ? 'rgb(255, 255, 255)' : 'rgb(17, 24, 39)')
})
