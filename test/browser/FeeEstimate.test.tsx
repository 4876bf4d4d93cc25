import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import type { CSSProperties } from 'react'
import { commands, page, userEvent } from 'vitest/browser'
import { createPayLinkClient } from '../../src/client.js'
import { FeeEstimate } from '../../src/components/FeeEstimate.js'
import { PayLinkProvider } from '../../src/hooks/PayLinkProvider.js'
import '../../src/styles.css'

// The events here are the browser's own, not acted out, so React's act() warnings do not apply.
test('"Try again" pressed with Enter keeps focus in the estimate, not on <body>, and Tab then goes on to what follows it', async () => {
  // The first quote fails; the second comes 100 ms after it is asked for.
  let asked = 0
  vi.stubGlobal('fetch', async () => {
    if (!asked++) return new Response('{}', { status: 500 })
    await new Promise((r) => setTimeout(r, 100))
    return Response.json({ totalFee: '0.42 USDC', estimatedTime: '90 seconds' })
  })
  const client = createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: false })
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PayLinkProvider client={client}>
        <button type="button">Top of the page</button>
        <FeeEstimate sourceChain="solana" destinationChain="base" asset="USDC" amount="100" />
        <button type="button">Next</button>
      </PayLinkProvider>
    </QueryClientProvider>,
  )
  const group = screen.getByRole('group', { name: 'Fee estimate' })
  await waitFor(() => expect(group).toHaveAttribute('data-state', 'error'))
  screen.getByRole('button', { name: 'Try again' }).focus()
  await userEvent.keyboard('{Enter}')
  await waitFor(() => expect(group).toHaveAttribute('data-state', 'ready'))
  expect(group).toContainElement(document.activeElement as HTMLElement)
  // Not the top of the page, nor stuck on the root: it is out of the Tab order (tabIndex -1).
  await userEvent.keyboard('{Tab}')
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next' }))
})

test('the total told to screen readers is in the accessibility tree but not on screen, styled or unstyled', async () => {
  vi.stubGlobal('fetch', async () => Response.json({ totalFee: '0.42 USDC', estimatedTime: '90 seconds' }))
  const client = createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: false })
  const view = (unstyled: boolean) => (
    <QueryClientProvider client={new QueryClient()}>
      <PayLinkProvider client={client}>
        <FeeEstimate sourceChain="solana" destinationChain="base" asset="USDC" amount="100" unstyled={unstyled} />
      </PayLinkProvider>
    </QueryClientProvider>
  )
  const { rerender } = render(view(false))
  for (const unstyled of [false, true]) {
    rerender(view(unstyled))
    // Playwright's role query reads Chromium's accessibility tree: hidden from sight, still exposed.
    await expect.element(page.getByRole('status')).toHaveTextContent(/^Total fee 0.42 USDC$/)
    const { width, height } = screen.getByRole('status').getBoundingClientRect()
    expect(width * height).toBeLessThanOrEqual(1)
  }
})

test('in a narrow column (a 320 px phone), a figure too wide to sit beside its label goes under it: neither is broken across lines', async () => {
  vi.stubGlobal('fetch', async () =>
    Response.json({ totalFee: '3000.0415 USDT', gasFee: '0.0415 USDT', platformFee: '3000 USDT', estimatedTime: '120 seconds' }),
  )
  const client = createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: false })
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PayLinkProvider client={client}>
        {/* Too narrow for "Estimated time" beside "about 2 minutes", or "Total fee" beside its amount. */}
        <div style={{ width: 200, font: '16px sans-serif' }}>
          <FeeEstimate sourceChain="solana" destinationChain="base" asset="USDT" amount="1000000" />
        </div>
      </PayLinkProvider>
    </QueryClientProvider>,
  )
  await waitFor(() => expect(screen.getByRole('group', { name: 'Fee estimate' })).toHaveAttribute('data-state', 'ready'))
  const lines = (element: Element) => {
    const range = document.createRange()
    range.selectNodeContents(element)
    return [...range.getClientRects()]
  }
  const rows = [...document.querySelectorAll('[data-part="figures"] > div')]
  expect(rows).toHaveLength(4)
  for (const row of rows) {
    const [term, value] = [row.querySelector('dt')!, row.querySelector('dd')!]
    // Each on one line: not "3,000.0415 / USDT" beside "Total / fee", nor "about 2 / minutes".
    expect([term.textContent, lines(term).length, lines(value).length]).toEqual([term.textContent, 1, 1])
    // The figure at the end of the row, beside its label or under it.
    expect(Math.abs(lines(value)[0]!.right - row.getBoundingClientRect().right)).toBeLessThanOrEqual(1)
  }
})

test("the estimate holding focus after \"Try again\" (pressed with Enter) shows it in the theme's focus colour, as its button did", async () => {
  let asked = 0
  vi.stubGlobal('fetch', async () => (asked++ ? Response.json({ totalFee: '0.42 USDC', estimatedTime: '90 seconds' }) : new Response('{}', { status: 500 })))
  const client = createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: false })
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PayLinkProvider client={client}>
        <FeeEstimate sourceChain="solana" destinationChain="base" asset="USDC" amount="100" style={{ '--paylink-focus': 'rgb(0, 128, 0)' } as CSSProperties} />
      </PayLinkProvider>
    </QueryClientProvider>,
  )
  const group = screen.getByRole('group', { name: 'Fee estimate' })
  await waitFor(() => expect(group).toHaveAttribute('data-state', 'error'))
  const retry = screen.getByRole('button', { name: 'Try again' })
  retry.focus()
  const ring = (element: Element) => {
    const { outlineStyle, outlineColor, outlineWidth, outlineOffset } = getComputedStyle(element)
    return { outlineStyle, outlineColor, outlineWidth, outlineOffset }
  }
  const buttonRing = ring(retry)
  expect(buttonRing.outlineColor).toBe('rgb(0, 128, 0)')
  await userEvent.keyboard('{Enter}')
  await waitFor(() => expect(group).toHaveAttribute('data-state', 'ready'))
  expect(document.activeElement).toBe(group)
  // The app's focus colour, not the browser's own ring: the same ring the button had.
  expect(ring(group)).toEqual(buttonRing)
})

test('under a Windows contrast theme (forced colours), "Try again in 2 minutes" (a Retry-After to wait out) is drawn in GrayText, as a disabled button, and "Try again" once it works is not', async () => {
  vi.stubGlobal('fetch', async () => new Response('{}', { status: 429, headers: { 'Retry-After': '120' } }))
  const client = createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: false })
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PayLinkProvider client={client}>
        <FeeEstimate sourceChain="solana" destinationChain="base" asset="USDC" amount="100" />
        <button type="button" disabled>
          Disabled
        </button>
      </PayLinkProvider>
    </QueryClientProvider>,
  )
  const retry = await screen.findByRole('button', { name: 'Try again in 2 minutes' })
  expect(retry).toHaveAttribute('aria-disabled', 'true')
  const disabled = screen.getByRole('button', { name: 'Disabled' })
  const colours = (element: Element) => [getComputedStyle(element).color, getComputedStyle(element).borderTopColor]
  await commands.forcedColors('active')
  try {
    // The contrast theme's own disabled button: its GrayText, not the ButtonText of one that works.
    const [grayText] = colours(disabled)
    expect(colours(disabled)).toEqual([grayText, grayText])
    expect(colours(retry)).toEqual([grayText, grayText])
    // A retry that works keeps the theme's ButtonText.
    retry.removeAttribute('aria-disabled')
    expect(colours(retry)[0]).not.toBe(grayText)
  } finally {
    await commands.forcedColors(null)
  }
})

test('in a scrolled panel (a modal, a side sheet), the total told to screen readers stays in the panel: the page behind it gets no blank length to scroll', async () => {
  vi.stubGlobal('fetch', async () => Response.json({ totalFee: '0.42 USDC', estimatedTime: '90 seconds' }))
  const page = document.scrollingElement!
  const before = page.scrollHeight
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PayLinkProvider client={createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: false })}>
        {/* A panel 200 px tall whose estimate is 3000 px down its content. */}
        <div style={{ height: 200, overflow: 'auto' }}>
          <div style={{ height: 3000 }} />
          <FeeEstimate sourceChain="solana" destinationChain="base" asset="USDC" amount="100" />
        </div>
      </PayLinkProvider>
    </QueryClientProvider>,
  )
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Total fee 0.42 USDC'))
  // The page is no longer than before: its scrollbar does not reach 3000 px down into nothing.
  expect(page.scrollHeight).toBe(before)
})
