/**
 * Runs the consumer's handler first, then ours unless the consumer called `preventDefault()`,
 * as Radix does: a consumer can always veto the component's own behaviour.
 */
export function composeEventHandlers<E extends { defaultPrevented: boolean }>(
  theirs: ((event: E) => void) | undefined,
  ours: (event: E) => void,
): (event: E) => void {
  return (event) => {
    theirs?.(event)
    if (!event.defaultPrevented) ours(event)
  }
}
