/** One call the proxy made upstream: the URL exactly as passed to fetch, and the request it built. */
export interface UpstreamCall {
  url: string
  init: RequestInit
  request: Request
}

/** A fetch double that records every upstream call and answers with `answer`. */
export function recordingFetch(
  answer: (request: Request, init: RequestInit) => Response | Promise<Response> = () => Response.json({ ok: true }),
) {
  const calls: UpstreamCall[] = []
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const request = new Request(input, init)
    calls.push({ url: String(input), init, request })
    return answer(request, init)
  }
  return { calls, fetch: fetch as typeof globalThis.fetch }
}

/** A body stream that hands out `chunks` one by one and counts how many were pulled. */
export function chunkedBody(chunks: number, chunkBytes: number) {
  let pulled = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks) return controller.close()
      pulled++
      controller.enqueue(new Uint8Array(chunkBytes).fill(97))
    },
  }, { highWaterMark: 0 })
  return { stream, pulled: () => pulled }
}

export const KEY = 'sk_live_proxy_secret_0123456789'
export const UPSTREAM = 'https://api.paylink.test'
