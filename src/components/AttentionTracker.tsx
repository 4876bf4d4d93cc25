import { forwardRef, type HTMLAttributes, type ReactNode, useEffect, useMemo, useRef } from 'react'
import { useAttentionToken } from '../hooks/useAttentionToken.js'
import { type AttentionReport, type AttentionReporter, createAttentionReporter } from './AttentionReporter.js'
import { attentionTrackerState } from './attentionTrackerState.js'
import { composeRefs } from './composeRefs.js'
import { rootClassName } from './rootClassName.js'

/** The elements an `AttentionTracker` can render as its root. */
export type AttentionTrackerElement = 'div' | 'section' | 'article' | 'main' | 'aside' | 'figure' | 'li' | 'span'

/**
 * Props of `AttentionTracker`; the rest go to its root element. It shows no text of its own, so it
 * takes no `labels` and no `locale`.
 */
export interface AttentionTrackerProps extends HTMLAttributes<HTMLElement> {
  /** The content whose attention is counted; it never re-renders because of tracking. */
  children?: ReactNode
  /** Whether the viewer agreed to attention tracking: no token and no tracking until true, and turning it false stops both. */
  consent: boolean
  /** The link whose content this is, sent with the token request. Defaults to none. */
  code?: string
  /** An opaque viewer id, sent with the token request. Defaults to none. */
  viewerId?: string
  /** Seconds between heartbeats. Defaults to the token's `heartbeatSeconds`, else `15`. */
  heartbeatSeconds?: number
  /** Attention needed before the first report, in ms: shorter visits are never reported. Defaults to `3000`. */
  minDwellMs?: number
  /** How long an input (pointer, key, scroll, wheel, touch) keeps counting as attention, in ms. Defaults to `30000`. */
  idleTimeoutMs?: number
  /** Receives every report: each heartbeat, and the final one (`final: true`) on `pagehide` or unmount. Defaults to none. */
  onHeartbeat?: (report: AttentionReport) => void
  /** Receives a failed token request. Defaults to none. */
  onError?: (error: unknown) => void
  /** Where `navigator.sendBeacon` posts every report as JSON text (`text/plain`, so no CORS preflight). Defaults to none. */
  beaconUrl?: string
  /** The root element. Defaults to `'div'`. */
  as?: AttentionTrackerElement
  /** Leaves out the library's classes, keeping the structure and data attributes. Defaults to `false`. */
  unstyled?: boolean
}

interface Tracking {
  key: string
  reporter: AttentionReporter
}

/** Wraps content and counts the viewer's attention to it, reporting heartbeats with an attention token once consent is given. */
export const AttentionTracker = forwardRef<HTMLElement, AttentionTrackerProps>(function AttentionTracker(
  {
    consent,
    code,
    viewerId,
    heartbeatSeconds,
    minDwellMs = 3_000,
    idleTimeoutMs = 30_000,
    onHeartbeat,
    onError,
    beaconUrl,
    as: Root = 'div',
    unstyled = false,
    className,
    children,
    ...rest
  },
  ref,
) {
  const { mutateAsync } = useAttentionToken()
  const rootRef = useRef<HTMLElement | null>(null)
  const composedRef = useMemo(() => composeRefs(ref, rootRef), [ref])
  const live = { consent, onHeartbeat, onError, beaconUrl, mutateAsync }
  const latest = useRef(live)
  useEffect(() => {
    latest.current = live
  })
  // Tracking lives in a ref, outside React state, so that children never re-render because of it,
  // and so that StrictMode's second effect run finds the same token and totals (one token per mount).
  const tracking = useRef<Tracking | null>(null)

  useEffect(() => {
    const root = rootRef.current
    if (!root) return
    // Without consent, the rendered data-state (`idle`) is the state: React writes it when consent goes.
    if (!consent) return
    const key = JSON.stringify([code, viewerId])
    if (tracking.current?.key !== key) {
      tracking.current?.reporter.finish()
      const reporter = createAttentionReporter({
        requestToken: () => latest.current.mutateAsync({ code, viewerId }),
        onReport: (report) => {
          const { onHeartbeat, beaconUrl } = latest.current
          onHeartbeat?.(report)
          if (beaconUrl && typeof navigator.sendBeacon === 'function') navigator.sendBeacon(beaconUrl, JSON.stringify(report))
        },
        onError: (error) => latest.current.onError?.(error),
        // data-state is written on the node, not through state, so that tracking re-renders nothing.
        onPhaseChange: (phase) => rootRef.current?.setAttribute('data-state', attentionTrackerState(consent, phase)),
      })
      tracking.current = { key, reporter }
    }
    const { reporter } = tracking.current
    reporter.start(root, { heartbeatSeconds, minDwellMs, idleTimeoutMs })
    return reporter.stop
    // Root: another element type is another DOM node, which must be observed instead.
  }, [consent, code, viewerId, heartbeatSeconds, minDwellMs, idleTimeoutMs, Root])

  // Attention not yet reported is sent when the content goes away, as on pagehide. A withdrawn
  // consent sends nothing more.
  useEffect(
    () => () => {
      if (latest.current.consent) tracking.current?.reporter.finish()
    },
    [],
  )

  return (
    <Root
      data-state={attentionTrackerState(consent, 'waiting')}
      {...rest}
      ref={composedRef}
      className={rootClassName('paylink-attention-tracker', unstyled, className)}
    >
      {children}
    </Root>
  )
})
