import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { userEvent } from 'vitest/browser'
import { createPayLinkClient } from '../../src/client.js'
import { BridgeStatusBadge } from '../../src/components/BridgeStatusBadge.js'
import { FeeEstimate } from '../../src/components/FeeEstimate.js'
import { PayLinkButton } from '../../src/components/PayLinkButton.js'
import { PayLinkProvider } from '../../src/hooks/PayLinkProvider.js'
import { BASE_SEPOLIA_USDC, MOCK_PAY_TO } from '../../src/mock/constants.js'
import { createTestSigner } from '../../src/mock/createTestSigner.js'
import { encodeBase64Json } from '../../src/x402/base64.js'
import '../../src/styles.css'

// README: right to left, from `dir` on an ancestor (an Arabic or Hebrew page) or on the component
// itself, every part the components lay out sits mirrored; these pin where a user sees each.

/** `ui` under a fresh QueryClient and a provider of the stubbed API, in a 360 px column of `dir`. */
const inPage = (ui: ReactNode, dir?: 'rtl') => (
  <QueryClientProvider client={new QueryClient()}>
    <PayLinkProvider client={createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: false })}>
      <div dir={dir} style={{ width: 360, font: '16px sans-serif' }}>
        {ui}
      </div>
    </PayLinkProvider>
  </QueryClientProvider>
)

/** The boxes of an element's lines of text, not of the element. */
const lines = (element: Element) => {
  const range = document.createRange()
  range.selectNodeContents(element)
  return [...range.getClientRects()]
}
const textBox = (element: Element) => lines(element)[0]!

/** The right edge of an element's content box: where right-to-left lines start. */
const contentRight = (element: Element) => {
  const style = getComputedStyle(element)
  return element.getBoundingClientRect().right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight)
}

// `rtl` either on a page ancestor or on the component's own root.
const placements: [string, { page?: 'rtl'; own?: 'rtl' }][] = [
  ['an ancestor', { page: 'rtl' }],
  ['the component', { own: 'rtl' }],
]

describe.each(placements)('dir="rtl" on %s', (_, { page, own }) => {
  test('BridgeStatusBadge (fa-IR): the dot is at the right, before the label, one gap away, on its first line', async () => {
    const at = new Date().toISOString()
    vi.stubGlobal('fetch', async () =>
      Response.json({ id: 'tr_1', status: 'failed', failureReason: 'The destination chain rejected the mint', sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '1', createdAt: at, updatedAt: at }),
    )
    render(
      inPage(
        // A label long enough to wrap in the column: the dot stays by its first line.
        <BridgeStatusBadge data-testid="badge" dir={own} transferId="tr_1" locale="fa-IR" labels={{ failed: 'انتقال ناموفق بود و مبلغ هنوز به حساب مبدأ بازنگشته است' }} />,
        page,
      ),
    )
    const badge = screen.getByTestId('badge')
    const label = await screen.findByText(/^انتقال ناموفق/)
    const firstLine = textBox(label)
    const dot = badge.querySelector('[data-part="indicator"]')!.getBoundingClientRect()
    expect(new Set(lines(label).map((line) => line.top)).size).toBeGreaterThan(1)
    expect(dot.right).toBeCloseTo(contentRight(badge), 0)
    expect(dot.left - firstLine.right).toBeCloseTo(parseFloat(getComputedStyle(badge).columnGap), 0)
    expect(Math.abs((dot.top + dot.bottom) / 2 - (firstLine.top + firstLine.bottom) / 2)).toBeLessThanOrEqual(0.5)
    // The API's English reason, on its own line, keeps its full stop at its end (<bdi>): at the right.
    const reason = screen.getByText('The destination chain rejected the mint')
    expect(reason.getBoundingClientRect().right).toBeCloseTo(firstLine.right, 0)
  })

  test('FeeEstimate (he-IL): each label at the right, its figure at the left; "Try again" at the right, under the message', async () => {
    let asked = 0
    vi.stubGlobal('fetch', async () =>
      asked++ ? Response.json({ totalFee: '0.42 USDC', estimatedTime: '90 seconds' }) : new Response('{}', { status: 500 }),
    )
    render(
      inPage(
        <FeeEstimate
          dir={own}
          sourceChain="solana"
          destinationChain="base"
          asset="USDC"
          amount="100"
          locale="he-IL"
          labels={{ title: 'הערכת עמלות', totalFee: 'סך העמלות', estimatedTime: 'זמן משוער', error: 'לא ניתן לקבל הצעת מחיר.', retry: 'נסה שוב' }}
        />,
        page,
      ),
    )
    const group = screen.getByRole('group', { name: 'הערכת עמלות' })
    const retry = await screen.findByRole('button', { name: 'נסה שוב' })
    const message = screen.getByRole('alert')
    expect(retry.getBoundingClientRect().right).toBeCloseTo(contentRight(group), 0)
    expect(textBox(message).right).toBeCloseTo(contentRight(group), 0)
    // Its own width, not the row's: the button sits at the start, not stretched across.
    expect(retry.getBoundingClientRect().width).toBeLessThan(group.getBoundingClientRect().width / 2)

    await userEvent.click(retry)
    await waitFor(() => expect(group).toHaveAttribute('data-state', 'ready'))
    const figures = group.querySelector('[data-part="figures"]')!.getBoundingClientRect()
    for (const term of ['סך העמלות', 'זמן משוער']) {
      const dt = screen.getByText(term)
      const dd = dt.nextElementSibling!
      expect(dt.getBoundingClientRect().right).toBeCloseTo(figures.right, 0)
      expect(textBox(dd).left).toBeCloseTo(figures.left, 0)
      expect(textBox(dd).right).toBeLessThan(dt.getBoundingClientRect().left)
    }
  })

  test('PayLinkButton (ar-EG): while the wallet signs, the spinner starts the label at the right', async () => {
    vi.stubGlobal('fetch', async () =>
      new Response('{}', {
        status: 402,
        headers: {
          'PAYMENT-REQUIRED': encodeBase64Json({
            x402Version: 2,
            resource: { url: 'https://paid.test/article' },
            accepts: [{ scheme: 'exact', network: 'eip155:84532', amount: '50000', asset: BASE_SEPOLIA_USDC, payTo: MOCK_PAY_TO, maxTimeoutSeconds: 60, extra: { name: 'USDC', version: '2' } }],
          }),
        },
      }),
    )
    render(
      inPage(
        <PayLinkButton
          dir={own}
          resource="https://paid.test/article"
          signer={createTestSigner({ delayMs: 60_000 })}
          locale="ar-EG"
          labels={{ pay: ({ amount, currency }) => `ادفع ${amount} ${currency}`, signing: 'أكّد في محفظتك…' }}
        />,
        page,
      ),
    )
    await userEvent.click(await screen.findByRole('button', { name: 'ادفع ٠٫٠٥ USDC' }))
    const label = await screen.findByText('أكّد في محفظتك…')
    // The line (spinner, its 0.5em gap, the text) is centred: the text alone sits 0.75em off centre,
    // away from the spinner's side.
    const text = textBox(label)
    const box = label.getBoundingClientRect()
    const em = parseFloat(getComputedStyle(label).fontSize)
    expect((box.left + box.right) / 2 - (text.left + text.right) / 2).toBeCloseTo(0.75 * em, 0)
    // The gap is between the spinner and the text, at the spinner's left, not at the button's edge.
    const spinner = getComputedStyle(label, '::before')
    expect([spinner.marginLeft, spinner.marginRight]).toEqual([`${0.5 * em}px`, '0px'])
  })
})
