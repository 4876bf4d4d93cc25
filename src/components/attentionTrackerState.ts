import type { AttentionPhase } from './AttentionReporter.js'

/** The `data-state` of `AttentionTracker`: `idle` without consent, else the tracking phase. */
export type AttentionTrackerState = 'idle' | AttentionPhase

/** Maps consent and the tracking phase to the tracker's `data-state`. */
export function attentionTrackerState(consent: boolean, phase: AttentionPhase): AttentionTrackerState {
  return consent ? phase : 'idle'
}
