import { createPayLinkClient } from '../../src/client.js'
import { linkPurchase } from '../../src/payment/linkPurchase.js'
import { forgetPurchases } from '../../src/payment/forgetPurchases.js'
import { resourcePurchase } from '../../src/payment/resourcePurchase.js'

const client = createPayLinkClient({ baseUrl: 'https://api.paylink.test' })

describe('the purchases of one client', () => {
  it('are one per link and one per URL, shared by every caller', () => {
    expect(linkPurchase(client, 'abc')).toBe(linkPurchase(client, 'abc'))
    expect(resourcePurchase('https://seller.test/a')).toBe(resourcePurchase('https://seller.test/a'))
    expect(linkPurchase(client, 'abc')).not.toBe(linkPurchase(client, 'abd'))
  })

  it('never share a link and a URL, even a URL spelled like the link key', () => {
    const link = linkPurchase(client, 'abc')
    expect(resourcePurchase(`${client.baseUrl}|abc`)).not.toBe(link)
    expect(resourcePurchase(`link:${client.baseUrl}|abc`)).not.toBe(link)
  })

  it("of a link are shared by every client of the same API (a provider remounted, a second React root), and by no other; a URL's is one per URL, which no client's headers reach", () => {
    const remounted = createPayLinkClient({ baseUrl: 'https://api.paylink.test/' })
    expect(linkPurchase(remounted, 'abc')).toBe(linkPurchase(client, 'abc'))
    const sandbox = createPayLinkClient({ baseUrl: 'https://sandbox.paylink.test' })
    expect(linkPurchase(sandbox, 'abc')).not.toBe(linkPurchase(client, 'abc'))
  })

  it('are let go when no hook started them by the next turn (a server render), and kept once started', async () => {
    // An API that never answers: the started purchase stays `loading`.
    const quiet = createPayLinkClient({ baseUrl: 'https://quiet.paylink.test', fetch: () => new Promise<Response>(() => {}) })
    const rendered = linkPurchase(quiet, 'server-render')
    const started = linkPurchase(quiet, 'started')
    started.start()
    await new Promise((resolve) => setTimeout(resolve))
    expect(linkPurchase(quiet, 'server-render')).not.toBe(rendered)
    expect(linkPurchase(quiet, 'started')).toBe(started)
  })

  // A render committed a turn later (a transition, a Suspense boundary) starts a purchase the
  // sweep above already let go: a second button of the link must share it, not make a second purchase.
  it('let go before their hook started them are listed again when it does: every later caller shares the started one', async () => {
    const quiet = createPayLinkClient({ baseUrl: 'https://quiet.paylink.test', fetch: () => new Promise<Response>(() => {}) })
    const rendered = linkPurchase(quiet, 'committed-late')
    await new Promise((resolve) => setTimeout(resolve))
    rendered.start()
    expect(linkPurchase(quiet, 'committed-late')).toBe(rendered)
  })

  it('let go before their hook started them, then left by it, leave listed the one started in their place', async () => {
    const quiet = createPayLinkClient({ baseUrl: 'https://quiet.paylink.test', fetch: () => new Promise<Response>(() => {}) })
    const rendered = linkPurchase(quiet, 'replaced')
    await new Promise((resolve) => setTimeout(resolve))
    // A second button of the link mounted meanwhile: its purchase is the one listed.
    const second = linkPurchase(quiet, 'replaced')
    second.start()
    const unsubscribe = rendered.subscribe(() => {})
    rendered.start()
    unsubscribe()
    await new Promise((resolve) => setTimeout(resolve))
    expect(linkPurchase(quiet, 'replaced')).toBe(second)
  })

  it('are forgotten as on a new page by forgetPurchases, for the APIs whose base URL it names', () => {
    const sandbox = createPayLinkClient({ baseUrl: 'https://sandbox.paylink.test' })
    const [live, test] = [linkPurchase(client, 'abc'), linkPurchase(sandbox, 'abc')]
    forgetPurchases(sandbox.baseUrl)
    expect(linkPurchase(client, 'abc')).toBe(live)
    expect(linkPurchase(sandbox, 'abc')).not.toBe(test)
    forgetPurchases()
    expect(linkPurchase(client, 'abc')).not.toBe(live)
  })
})

describe('forgetPurchases', () => {
  it("forgets the purchases of the x402 URLs that start with the prefix, as a new page would, and no other URL's", () => {
    const article = resourcePurchase('https://seller.test/articles/1')
    const other = resourcePurchase('https://other.test/a')
    forgetPurchases('https://seller.test/')
    expect(resourcePurchase('https://seller.test/articles/1')).not.toBe(article)
    expect(resourcePurchase('https://other.test/a')).toBe(other)
  })
})
