import type { Ref, RefCallback } from 'react'

/**
 * One ref callback that sets every ref given (callback refs and ref objects alike). When a callback
 * ref returns a cleanup (React 19), the composed ref returns one that runs it, and clears the others.
 */
export function composeRefs<T>(...refs: (Ref<T> | undefined)[]): RefCallback<T> {
  return (node) => {
    const cleanups = refs.map((ref) => {
      if (typeof ref === 'function') return ref(node)
      if (ref) (ref as { current: T | null }).current = node
    })
    if (!cleanups.some((c) => typeof c === 'function')) return
    // React 19 calls the cleanup instead of the ref with null: each ref gets its own way back.
    return () =>
      refs.forEach((ref, i) => {
        const cleanup = cleanups[i]
        if (typeof cleanup === 'function') cleanup()
        else if (typeof ref === 'function') ref(null)
        else if (ref) (ref as { current: T | null }).current = null
      })
  }
}
