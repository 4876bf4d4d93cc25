import { Children, cloneElement, forwardRef, type HTMLAttributes, isValidElement, type ReactNode, type Ref } from 'react'
import { composeRefs } from './composeRefs.js'

/** Props of `Slot`: the props to merge onto its only child. */
export interface SlotProps extends HTMLAttributes<HTMLElement> {
  children?: ReactNode
}

/**
 * Renders its only child element with the slot's props merged in (for `asChild`): handlers
 * composed (the child's first), class names joined, styles merged, refs composed.
 */
export const Slot = forwardRef<HTMLElement, SlotProps>(function Slot({ children, ...slotProps }, ref) {
  const child = Children.only(children)
  if (!isValidElement<Record<string, any>>(child)) return null
  const own = child.props
  const merged: Record<string, unknown> = { ...slotProps, ...own }
  for (const [name, ours] of Object.entries(slotProps)) {
    const theirs = own[name]
    if (/^on[A-Z]/.test(name) && typeof ours === 'function' && typeof theirs === 'function') {
      merged[name] = (...args: unknown[]) => {
        theirs(...args)
        ours(...args)
      }
    }
  }
  merged.className = [slotProps.className, own.className].filter(Boolean).join(' ') || undefined
  if (slotProps.style || own.style) merged.style = { ...slotProps.style, ...own.style }
  // React 19 passes ref as a prop, React 18 keeps it on the element.
  merged.ref = composeRefs(ref, own.ref ?? (child as { ref?: Ref<HTMLElement> }).ref)
  return cloneElement(child, merged)
})
