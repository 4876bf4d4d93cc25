import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import type { CSSProperties, ReactNode } from 'react'
import { commands } from 'vitest/browser'
import { createPayLinkClient } from '../../src/client.js'
import { BridgeStatusBadge } from '../../src/components/BridgeStatusBadge.js'
import { PayLinkProvider } from '../../src/hooks/PayLinkProvider.js'
import '../../src/styles.css'

/** The API answers every request with the transfer `tr_1` of `fields` (and the usual rest). */
function stubTransfer(fields: Record<string, string>) {
  const at = new Date().toISOString()
  vi.stubGlobal('fetch', async () =>
    Response.json({ id: 'tr_1', sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '1', createdAt: at, updatedAt: at, ...fields }),
  )
}

/** `ui` under a fresh QueryClient and a provider of `client` (one of the stubbed API by default). */
const withApi = (ui: ReactNode, client = createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: false })) => (
  <QueryClientProvider client={new QueryClient()}>
    <PayLinkProvider client={client}>{ui}</PayLinkProvider>
  </QueryClientProvider>
)

/** Renders the badge of a transfer the API answers with `fields` (and the usual rest); returns its root. */
function renderTransfer(fields: Record<string, string>) {
  stubTransfer(fields)
  const { container } = render(withApi(<BridgeStatusBadge transferId="tr_1" />))
  return container.firstElementChild as HTMLElement
}

test('in forced colours (a Windows contrast theme) the status dot stays visible and keeps pulsing', async () => {
  const badge = renderTransfer({ status: 'in_transit' })
  await waitFor(() => expect(badge).toHaveAttribute('data-state', 'in_transit'))
  const dot = getComputedStyle(badge.querySelector('[data-part="indicator"]')!)
  await commands.forcedColors('active')
  try {
    // The system forces every background to Canvas: a dot painted in it is gone.
    expect(dot.backgroundColor).not.toBe(getComputedStyle(badge).backgroundColor)
    expect(dot.backgroundColor).toBe(getComputedStyle(badge).color)
    expect(dot.animationName).toBe('paylink-bridge-status-pulse')
  } finally {
    await commands.forcedColors(null)
  }
})

test('under a status this version does not know, the dot reads as moving (accent, pulsing), as it is followed as one', async () => {
  const moving = renderTransfer({ status: 'in_transit' })
  await waitFor(() => expect(moving).toHaveAttribute('data-state', 'in_transit'))
  // Read now: a computed style is live, and the next stub answers this badge's next poll too.
  const accent = getComputedStyle(moving.querySelector('[data-part="indicator"]')!).backgroundColor
  const border = getComputedStyle(moving).borderColor
  const badge = renderTransfer({ status: 'processing' })
  await waitFor(() => expect(badge).toHaveAttribute('data-state', 'unknown'))
  const dot = getComputedStyle(badge.querySelector('[data-part="indicator"]')!)
  expect(dot.backgroundColor).toBe(accent)
  expect(getComputedStyle(badge).borderColor).toBe(border)
  expect(dot.animationName).toBe('paylink-bridge-status-pulse')
})

test('the label and the failure reason, inside the live region, are spaced apart as the other parts are', async () => {
  const badge = renderTransfer({ status: 'failed', failureReason: 'The mint was rejected' })
  await waitFor(() => expect(badge).toHaveAttribute('data-state', 'failed'))
  const label = screen.getByText('Transfer failed').getBoundingClientRect()
  const reason = screen.getByText('The mint was rejected').getBoundingClientRect()
  const indicator = badge.querySelector('[data-part="indicator"]')!.getBoundingClientRect()
  // The same gap as between the dot and the label: not "Transfer failedThe mint was rejected".
  expect(reason.left - label.right).toBeCloseTo(label.left - indicator.right, 1)
  expect(reason.left - label.right).toBeGreaterThan(0)
})

test('the live region reads "Transfer failed The mint was rejected" to a screen reader: one text, spaced, the reason no object of its own', async () => {
  const badge = renderTransfer({ status: 'failed', failureReason: 'The mint was rejected' })
  await waitFor(() => expect(badge).toHaveAttribute('data-state', 'failed'))
  const status = screen.getByRole('status')
  // innerText follows layout as Chromium's accessible text does: a text node it does not lay out (a
  // space between two flex items) is not in it. Its line breaks are the flex items', which the
  // accessible text runs together: "Transfer failedThe mint was rejected" for Orca without a space.
  expect(status.innerText.replaceAll('\n', '')).toBe('Transfer failed The mint was rejected')
  // Between the region and the reason's text, only what Chromium leaves out: an object of its own
  // (a <bdi>'s section) has its own text change, which Orca read alone before the region.
  const between = await commands.axAncestors('The mint was rejected', 'status')
  expect(between).toBeDefined()
  expect(between!.filter((node) => !node.ignored)).toEqual([])
})

test('wrapped onto several lines (a narrow column, a 200% zoom), every line of text stays inside the rounded border', async () => {
  stubTransfer({
    status: 'source_confirmed',
    estimatedCompletionAt: new Date(Date.now() + 180_000).toISOString(),
    sourceTx: '5xSourceTx',
    destinationTx: '0xDestinationTx',
  })
  render(
    withApi(
      <div style={{ width: 200, font: '16px sans-serif' }}>
        <BridgeStatusBadge data-testid="badge" transferId="tr_1" explorerUrl={(chain, tx) => `https://explorer.test/${chain}/${tx}`} />
      </div>,
    ),
  )
  const badge = screen.getByTestId('badge')
  await waitFor(() => expect(screen.getByRole('link', { name: 'Destination transaction on base' })).toBeVisible())
  const box = badge.getBoundingClientRect()
  const style = getComputedStyle(badge)
  // Several lines: the case where a corner meant for one line could cut into the text.
  expect(box.height).toBeGreaterThan(3 * parseFloat(style.lineHeight))
  // The radius drawn: CSS scales radii too large for the box down to fit it.
  const r = Math.min(parseFloat(style.borderTopLeftRadius), box.width / 2, box.height / 2)
  const inside = (x: number, y: number) => {
    const dx = Math.max(box.left + r - x, x - (box.right - r), 0)
    const dy = Math.max(box.top + r - y, y - (box.bottom - r), 0)
    return Math.hypot(dx, dy) <= r
  }
  const walker = document.createTreeWalker(badge, NodeFilter.SHOW_TEXT)
  const lines: DOMRect[] = []
  while (walker.nextNode()) {
    const range = document.createRange()
    range.selectNodeContents(walker.currentNode)
    lines.push(...range.getClientRects())
  }
  expect(lines.length).toBeGreaterThan(3)
  for (const line of lines) {
    expect([line.left, line.top, inside(line.left, line.top), inside(line.right, line.top), inside(line.left, line.bottom), inside(line.right, line.bottom)]).toEqual([
      line.left,
      line.top,
      true,
      true,
      true,
      true,
    ])
  }
})

test.each([
  ['failed, with its reason', { status: 'failed', failureReason: 'The destination chain rejected the mint' }, 'Transfer failed'],
  ['a failure to check it', { status: 'not-json' }, 'Could not check the transfer'],
])('in a narrow column (a 320 px phone), the dot stays beside the first line of the label: %s', async (_, fields, label) => {
  // An answer that is not JSON stops the polling: the error state, whose label is long.
  if (fields.status === 'not-json') vi.stubGlobal('fetch', async () => new Response('<html>', { headers: { 'content-type': 'text/html' } }))
  else stubTransfer(fields)
  render(
    withApi(
      // A 320 px phone's column, less the page's margins: too narrow for either label beside the dot and the rest.
      <div style={{ width: 220, font: '16px sans-serif' }}>
        <BridgeStatusBadge data-testid="badge" transferId="tr_1" />
      </div>,
    ),
  )
  const badge = screen.getByTestId('badge')
  await waitFor(() => expect(screen.getByText(label)).toBeVisible())
  const range = document.createRange()
  range.selectNodeContents(screen.getByText(label))
  const firstLine = range.getClientRects()[0]!
  const dot = badge.querySelector('[data-part="indicator"]')!.getBoundingClientRect()
  // On the label's first line, centred on it, before it: not alone on a line of its own above it,
  // nor centred on the whole wrapped text.
  expect(Math.abs((dot.top + dot.bottom) / 2 - (firstLine.top + firstLine.bottom) / 2)).toBeLessThanOrEqual(1)
  expect(dot.right).toBeLessThan(firstLine.left)
})

/** A failed transfer's badge with `style`, in a 320 px column: the badge, its dot's box and its label's first line. */
async function failedAt320(style: CSSProperties) {
  stubTransfer({ status: 'failed', failureReason: 'The destination chain rejected the mint' })
  render(
    withApi(
      <div style={{ width: 320, font: '16px sans-serif' }}>
        <BridgeStatusBadge data-testid="badge" transferId="tr_1" style={style} />
      </div>,
    ),
  )
  const badge = screen.getByTestId('badge')
  await waitFor(() => expect(screen.getByText('Transfer failed')).toBeVisible())
  const range = document.createRange()
  range.selectNodeContents(screen.getByText('Transfer failed'))
  return { badge, dot: badge.querySelector('[data-part="indicator"]')!.getBoundingClientRect(), firstLine: range.getClientRects()[0]! }
}

test.each([
  ['line-height', { lineHeight: 2 }],
  ['gap', { gap: '20px' }],
  ['line-height and gap', { lineHeight: 2, gap: '20px' }],
])("with an app's own %s on the badge, at 320 px, the dot stays centred beside the first line of the label", async (_, style) => {
  const { dot, firstLine } = await failedAt320(style)
  expect(Math.abs((dot.top + dot.bottom) / 2 - (firstLine.top + firstLine.bottom) / 2)).toBeLessThanOrEqual(0.5)
  expect(dot.right).toBeLessThan(firstLine.left)
})

test('a dot made bigger with --paylink-bridge-status-dot-size keeps its gap from the label and its place on the first line', async () => {
  const { badge, dot, firstLine } = await failedAt320({ ['--paylink-bridge-status-dot-size' as string]: '1em' })
  // 1em of the badge's 14 px text, the gap (0.5em of it by default) still between dot and label.
  expect(dot.width).toBeCloseTo(14, 0)
  expect(firstLine.left - dot.right).toBeCloseTo(parseFloat(getComputedStyle(badge).columnGap), 0)
  expect(Math.abs((dot.top + dot.bottom) / 2 - (firstLine.top + firstLine.bottom) / 2)).toBeLessThanOrEqual(0.5)
})

test("stretched by a taller row of the app's, the dot stays beside the label's first line", async () => {
  stubTransfer({ status: 'in_transit' })
  render(
    withApi(
      <div style={{ display: 'flex', font: '16px sans-serif' }}>
        <BridgeStatusBadge data-testid="badge" transferId="tr_1" />
        <div style={{ height: 120, width: 40 }} />
      </div>,
    ),
  )
  const badge = screen.getByTestId('badge')
  await waitFor(() => expect(screen.getByText('In transit')).toBeVisible())
  expect(badge.getBoundingClientRect().height).toBeCloseTo(120, 0)
  const label = screen.getByText('In transit').getBoundingClientRect()
  const dot = badge.querySelector('[data-part="indicator"]')!.getBoundingClientRect()
  expect(Math.abs((dot.top + dot.bottom) / 2 - (label.top + label.bottom) / 2)).toBeLessThanOrEqual(0.5)
})

test('in a scrolled box (a panel, a modal), the dot moves with the label and is clipped with it', async () => {
  stubTransfer({ status: 'failed', failureReason: 'The destination chain rejected the mint' })
  render(
    withApi(
      <div data-testid="panel" style={{ height: 100, overflow: 'auto', font: '16px sans-serif' }}>
        <div style={{ height: 150 }} />
        <BridgeStatusBadge data-testid="badge" transferId="tr_1" />
        <div style={{ height: 150 }} />
      </div>,
    ),
  )
  await waitFor(() => expect(screen.getByText('Transfer failed')).toBeVisible())
  const panel = screen.getByTestId('panel')
  panel.scrollTop = 120
  const label = screen.getByText('Transfer failed').getBoundingClientRect()
  const dot = screen.getByTestId('badge').querySelector('[data-part="indicator"]')!
  const box = dot.getBoundingClientRect()
  expect(Math.abs((box.top + box.bottom) / 2 - (label.top + label.bottom) / 2)).toBeLessThanOrEqual(1)
  // Scrolled out of the panel, it is hidden with the rest of the badge.
  panel.scrollTop = 0
  const { top, left } = dot.getBoundingClientRect()
  expect(document.elementFromPoint(left + 4, top + 4)).not.toBe(dot)
})

test("in an Arabic (dir=rtl) page, the API's English failure reason keeps its full stop at its end, styled and unstyled", async () => {
  stubTransfer({ status: 'failed', failureReason: 'The destination chain rejected the mint.' })
  const client = createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: false })
  const view = (unstyled: boolean) =>
    withApi(
      <div dir="rtl" lang="ar" style={{ width: 600, font: '16px sans-serif' }}>
        <BridgeStatusBadge data-testid="badge" transferId="tr_1" locale="ar" labels={{ failed: 'فشل التحويل' }} unstyled={unstyled} />
      </div>,
      client,
    )
  const { rerender } = render(view(false))
  for (const unstyled of [false, true]) {
    rerender(view(unstyled))
    await waitFor(() => expect(screen.getByTestId('badge')).toHaveAttribute('data-state', 'failed'))
    const text = screen.getByText('The destination chain rejected the mint.').firstChild!
    const rect = (start: number, end: number) => {
      const range = document.createRange()
      range.setStart(text, start)
      range.setEnd(text, end)
      return range.getBoundingClientRect()
    }
    const length = text.textContent!.length
    const stop = rect(length - 1, length)
    // Read left to right as English is: "mint." with the stop right after the word, not ".The …".
    expect(stop.left).toBeCloseTo(rect(length - 5, length - 1).right, 0)
    // The reason as a whole follows the Arabic label, on its left.
    expect(stop.right).toBeLessThan(screen.getByText('فشل التحويل').getBoundingClientRect().left)
  }
})
