import { queryOptions } from '@tanstack/react-query'
import { getBridgeStatus } from '../actions/getBridgeStatus.js'
import type { PayLinkClient } from '../client/createPayLinkClient.js'
import type { PayLinkError } from '../client/errors.js'
import { TERMINAL_TRANSFER_STATUSES, type Transfer, TRANSFER_STATUSES } from '../schemas/transfer.js'
import { transferKey } from './payLinkKeys.js'
import { type PollingOptions, pollUntilSettled } from './pollUntilSettled.js'

/** The transfer lifecycle the polling policy follows. */
export const transferLifecycle = { order: TRANSFER_STATUSES, terminal: TERMINAL_TRANSFER_STATUSES }

/**
 * Query options for a cross-chain transfer that poll until it is `completed`, `failed` or
 * `refunded` (see `pollUntilSettled`). Disabled while `id` is missing.
 */
export function getBridgeStatusQueryOptions(client: PayLinkClient, id: string | undefined, polling?: PollingOptions) {
  return queryOptions<Transfer, PayLinkError, Transfer, ReturnType<typeof transferKey>>({
    queryKey: transferKey(id),
    queryFn: ({ signal }) => getBridgeStatus(client, id!, { signal }),
    enabled: !!id,
    retry: false,
    ...pollUntilSettled<Transfer>(transferLifecycle, polling),
  })
}
