import { createPayLinkClient } from '../../src/client.js'
import { linkPurchase } from '../../src/payment/linkPurchase.js'
import { resourcePurchase } from '../../src/payment/resourcePurchase.js'

const client = createPayLinkClient({ baseUrl: 'https://api.paylink.test' })

describe('the purchases of one client', () => {
  it('are one per link and one per URL, shared by every caller', () => {
    expect(linkPurchase(client, 'abc')).toBe(linkPurchase(client, 'abc'))
    expect(resourcePurchase(client, 'https://seller.test/a')).toBe(resourcePurchase(client, 'https://seller.test/a'))
    expect(linkPurchase(client, 'abc')).not.toBe(linkPurchase(client, 'abd'))
  })

  it('never share a link and a URL, even a URL spelled like the link key', () => {
    const link = linkPurchase(client, 'abc')
    expect(resourcePurchase(client, `${client.baseUrl}|abc`)).not.toBe(link)
    expect(resourcePurchase(client, `link:${client.baseUrl}|abc`)).not.toBe(link)
  })

  it('are not shared between clients', () => {
    const other = createPayLinkClient({ baseUrl: 'https://api.paylink.test' })
    expect(linkPurchase(other, 'abc')).not.toBe(linkPurchase(client, 'abc'))
  })
})
