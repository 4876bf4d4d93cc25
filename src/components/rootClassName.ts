/** A component root's class: `paylink-root` and the component's own class unless `unstyled`, then the consumer's; `undefined` when empty. */
export function rootClassName(own: string, unstyled: boolean | undefined, className: string | undefined): string | undefined {
  return [!unstyled && `paylink-root ${own}`, className].filter(Boolean).join(' ') || undefined
}
