import { createElement, forwardRef, useEffect, useImperativeHandle, useInsertionEffect, useMemo, useRef } from '../peers/react.js'
import type { HTMLAttributes, ReactNode } from 'react'
import type { PayLinkErrorType } from '../client/errors.js'
import { useAttentionToken } from '../hooks/useAttentionToken.js'
import { usePayLinkClient } from '../hooks/usePayLinkClient.js'
import { identities } from '../client/transport.js'
import { type AttentionReport, createAttentionReporter } from './AttentionReporter.js'
import { rootClassName } from './rootClassName.js'

/** The elements an `AttentionTracker` can render as its root. */
export type AttentionTrackerElement = 'div' | 'section' | 'article' | 'main' | 'aside' | 'figure' | 'li' | 'span'

/**
 * Props of `AttentionTracker`; the rest go to its root element. It shows no text of its own, so it
 * takes no `labels` and no `locale`.
 */
export interface AttentionTrackerProps extends Omit<HTMLAttributes<HTMLElement>, 'onError'> {
  /** The content whose attention is counted; it never re-renders because of tracking. */
  children?: ReactNode
  /** Whether the viewer agreed to attention tracking: no token and no tracking until true, and turning it false stops both. */
  consent: boolean
  /** The link whose content this is, sent with the token request. Defaults to none. */
  code?: string | undefined
  /** An opaque viewer id, sent with the token request. Defaults to none. */
  viewerId?: string | undefined
  /** Seconds between heartbeats, at least 1. Defaults to the token's `heartbeatSeconds`, else `15` (so does a value that is not a finite number, such as NaN). */
  heartbeatSeconds?: number | undefined
  /** Attention needed before the first report, in ms: shorter visits are never reported (once one was, a renewed token's session is reported from its start). Defaults to `3000` (so does a value that is not a finite number). */
  minDwellMs?: number | undefined
  /** How long an input (pointer, key, wheel, touch; not a `scroll` event, which scripts fire too) keeps counting as attention, in ms. Defaults to `30000` (so does a value that is not a finite number). */
  idleTimeoutMs?: number | undefined
  /**
   * Receives every report: a heartbeat every `heartbeatSeconds` and one when the document turns
   * hidden (or, hidden before the first token came, when it comes), each with attention not yet reported (once `minDwellMs` is reached), and the final one
   * (`final: true`, the session ends) on `pagehide`, unmount, a new `code`/`viewerId` (to the
   * `onHeartbeat` and `beaconUrl` given with the old ones) or `PayLinkProvider` client, and a new
   * or lapsed token, if a report
   * went since the last final one or attention is owed. A throw in it is the app's own uncaught
   * error, in a task of its own: tracking goes on. Defaults to none.
   */
  onHeartbeat?: ((report: AttentionReport) => void) | undefined
  /** Receives the error of a failed token request (one that may pass is retried at a heartbeat, not before its `Retry-After`, and twice as late after each failure in a row, down to once in 10 minutes; any other ends tracking, and `data-state` reads `stopped`), in a task of its own: a throw there is the app's own uncaught error. One that fails while consent is withdrawn or the tracker is in a hidden `<Activity>` is told when tracking starts again. Defaults to none. */
  onError?: ((error: PayLinkErrorType) => void) | undefined
  /** Where `navigator.sendBeacon` posts every report `onHeartbeat` receives, just before it, as JSON text (`text/plain`, so no CORS preflight). Defaults to none. */
  beaconUrl?: string | undefined
  /** The root element. Defaults to `'div'`. */
  as?: AttentionTrackerElement | undefined
  /** Leaves out the library's classes, keeping the structure and data attributes. Defaults to `false`. */
  unstyled?: boolean | undefined
}

/** Wraps content and counts the viewer's attention to it, reporting heartbeats with an attention token once consent is given; of the trackers for one link and viewer on a page, one counts at a time. */
export const AttentionTracker = forwardRef<HTMLElement, AttentionTrackerProps>(function AttentionTracker(props, ref) {
  const {
    consent,
    code,
    viewerId,
    heartbeatSeconds,
    minDwellMs,
    idleTimeoutMs,
    // Out of rest: the reporter reads these from the props of its own renders.
    onHeartbeat,
    onError,
    beaconUrl,
    as: Root = 'div',
    unstyled,
    className,
    // children stay in rest, and so reach the root untouched.
    ...rest
  } = props
  // First: outside a provider, the error names this component, not a hook the app never called.
  const client = usePayLinkClient('AttentionTracker')
  // The tracker reports a failed request itself (onError) and retries it at a heartbeat: an app's
  // default throwOnError must not swap the content for its error boundary (the hook never retries).
  const { mutateAsync } = useAttentionToken({ mutation: { throwOnError: false } })
  const rootRef = useRef<HTMLElement>(null)
  // Another element type is another DOM node, handed to the ref again.
  useImperativeHandle(ref, () => rootRef.current!, [Root])
  const latest = useRef(props)
  // The props of the renders with this code, viewer and client: they stop changing when the link or
  // viewer does, so that the final report of the one given up goes to its own onHeartbeat and
  // beaconUrl. Another client (another user's headers, a sandbox/live switch) ends the session too:
  // the attention after it must not go under a token the old one was issued.
  const own = useMemo(() => ({ current: props }), [code, viewerId, client])
  // Tracking lives in the reporter, outside React state, so that children never re-render because
  // of it. Made in render (it touches nothing until started) and kept per code, viewer and client, it
  // is the same one for StrictMode's second effect run: one token per mount. Its peers are those of
  // the same API, whatever the client object: two React roots (Astro's islands) each make their own.
  const [start, finish] = useMemo(
    () => createAttentionReporter(() => mutateAsync({ code, viewerId }), own, latest, [identities.get(client), code, viewerId]),
    [own, mutateAsync],
  )
  // Before any effect's cleanup: the final report of a reporter given up in this render reads the
  // consent of this render, not of its own (a no-op on a server, unlike a layout effect).
  useInsertionEffect(() => {
    latest.current = own.current = props
  })

  // Without consent, the rendered data-state (`idle`) is the state: React writes it when consent goes.
  // A restart on a new setting applies a new heartbeat interval or idle timeout from the change on
  // (the reporter reads them from its props); Root: another element type is another DOM
  // node, which must be observed instead.
  useEffect(() => {
    if (consent) return start(rootRef.current!)
  }, [start, consent, heartbeatSeconds, minDwellMs, idleTimeoutMs, Root])

  // Attention not yet reported is sent when the content goes away (or the link or viewer changes),
  // as on pagehide.
  useEffect(() => finish, [finish])

  // createElement, not JSX: in a bundle that turns peers into requires (esbuild's, as size-limit runs
  // it), each module using JSX requires `react/jsx-runtime` on its own (about 4 B gzip in the root's).
  // `as never`: the one ref object fits whichever element Root is, which TypeScript cannot tell.
  return createElement(Root, {
    'data-state': consent ? 'waiting' : 'idle',
    ...rest,
    ref: rootRef as never,
    className: rootClassName('paylink-attention-tracker', unstyled, className),
  })
})
