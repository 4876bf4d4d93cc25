import type { ReactElement, Ref } from 'react'
import { composeRefs } from './composeRefs.js'

/**
 * The props that render `child` in our place (for `asChild`): ours merged into the child's own,
 * handlers composed (the child's first), class names joined, styles merged, refs composed.
 */
export function mergeSlotProps(
  ours: Record<string, any>,
  child: ReactElement<Record<string, any>>,
  ref: Ref<HTMLElement>,
): Record<string, unknown> {
  const own = child.props
  const merged: Record<string, unknown> = { ...ours, ...own }
  for (const name in ours) {
    const theirs = own[name]
    // Either handler may be undefined or null: a child given `onClick={props.onClick}` (an optional
    // prop passed through) must not drop ours, whose click pays.
    if (/^on[A-Z]/.test(name)) {
      merged[name] = (...args: unknown[]) => {
        theirs?.(...args)
        ours[name]?.(...args)
      }
    }
  }
  merged.className = [ours.className, own.className].filter(Boolean).join(' ') || undefined
  if (ours.style || own.style) merged.style = { ...ours.style, ...own.style }
  // React 19 passes ref as a prop, React 18 keeps it on the element. Read from the spread copy, not
  // the child's props: React 18 puts a getter there that logs "`ref` is not a prop" in development,
  // which the spread (own enumerable props only) leaves behind.
  merged.ref = composeRefs(ref, (merged.ref as Ref<HTMLElement> | undefined) ?? (child as { ref?: Ref<HTMLElement> }).ref)
  return merged
}
