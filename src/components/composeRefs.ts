import type { Ref, RefCallback } from 'react'

/**
 * One ref callback that sets every ref given (callback refs and ref objects alike). When a callback
 * ref returns a cleanup (React 19), the composed ref returns one that runs it, and clears the others.
 */
export function composeRefs<T>(...refs: (Ref<T> | undefined)[]): RefCallback<T> {
  // What a callback ref returns (its cleanup, or nothing); for an object ref, the node set.
  const assign = (ref: Ref<T> | undefined, node: T | null) =>
    typeof ref === 'function' ? ref(node) : ref && ((ref as { current: T | null }).current = node)
  return (node) => {
    const cleanups = refs.map((ref) => assign(ref, node))
    // React 19 calls the cleanup instead of the ref with null: each ref gets its own way back.
    if (cleanups.some((c) => typeof c === 'function')) {
      return () => refs.forEach((ref, i) => (typeof cleanups[i] === 'function' ? (cleanups[i] as () => void)() : assign(ref, null)))
    }
  }
}
