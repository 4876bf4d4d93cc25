import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createPayLinkClient } from '../../src/client/createPayLinkClient.js'
import { createEvmSigner } from '../../src/evm/createEvmSigner.js'
import { MOCK_API_KEY } from '../../src/mock/constants.js'
import { createTestSigner } from '../../src/mock/createTestSigner.js'
import { startMockServer } from '../../src/mock/startMockServer.js'
import { linkPurchase } from '../../src/payment/linkPurchase.js'

// Base Sepolia USDC, the mock's asset: the demo link's 1.50 is over the default cap.
const maxAmount = { '0x036CbD53842c5426634e7929541eC2318f3dCF7e': 2_000_000n }

test('a paid request refused on a retry (the first attempt went through, then a gateway said 504) is unknown, resent, never paid twice', async () => {
  const server = await startMockServer({ settleDelayMs: 0 })
  try {
    let paidAttempts = 0
    const gateway: typeof fetch = async (input, init) => {
      const headers = new Headers(init?.headers)
      if (String(input).endsWith('/payments/verify') && headers.has('payment-signature')) {
        paidAttempts++
        // The mock takes the payment; the gateway in front of it times out all the same.
        if (paidAttempts === 1) {
          await fetch(input, init)
          return new Response('<html>504 Gateway Time-out</html>', { status: 504 })
        }
        // The retry meets an expired session.
        if (paidAttempts === 2) return Response.json({ error: { code: 'unauthorized', message: 'session expired' } }, { status: 401 })
      }
      return fetch(input, init)
    }
    const client = createPayLinkClient({ baseUrl: server.url, apiKey: MOCK_API_KEY, fetch: gateway, retry: { baseDelayMs: 1, maxDelayMs: 1 } })
    const store = linkPurchase(client, 'demo')
    const signer = createTestSigner()
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))

    await store.pay({ signer, maxAmount })
    expect(store.getSnapshot()).toMatchObject({ status: 'unknown', error: { reason: 'outcome_unknown', cause: { status: 401, attempt: 2 } } })
    await store.pay({ signer, maxAmount })

    expect(store.getSnapshot().status).not.toBe('failed')
    expect(signer.calls).toBe(1)
    expect(server.mock.ledger).toHaveLength(1)
  } finally {
    await server.close()
  }
})

test("a viem account (createEvmSigner) pays the mock's link: the mock asks for addresses viem accepts", async () => {
  const server = await startMockServer({ settleDelayMs: 0 })
  try {
    const client = createPayLinkClient({ baseUrl: server.url, apiKey: MOCK_API_KEY })
    const store = linkPurchase(client, 'demo')
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    await store.pay({ signer: createEvmSigner(privateKeyToAccount(generatePrivateKey())), maxAmount })
    expect(store.getSnapshot()).toMatchObject({ status: 'settled', error: undefined })
    expect(server.mock.ledger).toHaveLength(1)
  } finally {
    await server.close()
  }
})
