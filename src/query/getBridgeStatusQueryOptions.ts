import { getBridgeStatus } from '../actions/getBridgeStatus.js'
import type { PayLinkClient } from '../client/createPayLinkClient.js'
import { TERMINAL_TRANSFER_STATUSES, type Transfer, TRANSFER_STATUSES } from '../schemas/transfer.js'
import { transferKey } from './payLinkKeys.js'
import { type PollingOptions, pollUntilSettled } from './pollUntilSettled.js'
import type { TaggedQueryOptions } from './types.js'

type Options = TaggedQueryOptions<Transfer, ReturnType<typeof transferKey>>

/** The transfer lifecycle the polling policy follows. */
export const transferLifecycle = { order: TRANSFER_STATUSES, terminal: TERMINAL_TRANSFER_STATUSES }

/**
 * Query options for a cross-chain transfer that poll until it is `completed`, `failed` or
 * `refunded` (see `pollUntilSettled`). Disabled while `id` is missing.
 */
export function getBridgeStatusQueryOptions(client: PayLinkClient, id: string | undefined, polling?: PollingOptions): Options {
  return {
    queryKey: transferKey(id) as Options['queryKey'],
    // The context as the request options: the action reads only its `signal`.
    queryFn: (context) => getBridgeStatus(client, id!, context),
    enabled: !!id,
    retry: false,
    ...pollUntilSettled<Transfer>(transferLifecycle, polling),
  }
}
