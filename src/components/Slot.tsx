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
  if (!isValidElement<Record<string, unknown>>(child)) return null
  const childProps = child.props
  const merged: Record<string, unknown> = { ...slotProps, ...childProps }
  for (const [name, value] of Object.entries(slotProps)) {
    const own = childProps[name]
    if (/^on[A-Z]/.test(name) && typeof value === 'function' && typeof own === 'function') {
      merged[name] = (...args: unknown[]) => {
        own(...args)
        value(...args)
      }
    }
  }
  if (slotProps.className || childProps.className) {
    merged.className = [slotProps.className, childProps.className].filter(Boolean).join(' ')
  }
  if (slotProps.style || childProps.style) merged.style = { ...slotProps.style, ...(childProps.style as object) }
  // React 19 passes ref as a prop, React 18 keeps it on the element.
  const childRef = (childProps.ref ?? (child as unknown as { ref?: Ref<HTMLElement> }).ref) as Ref<HTMLElement> | undefined
  merged.ref = composeRefs(ref, childRef)
  return cloneElement(child, merged)
})
