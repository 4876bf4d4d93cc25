import { useLink } from '../../src/hooks/useLink.js'

/** Props of `LinkPrice`. */
export interface LinkPriceProps {
  /** The link whose price is shown. */
  code: string
}

/** A link's price from `useLink`: the smallest hook-driven element, to prove the Storybook pipeline end to end. */
export function LinkPrice({ code }: LinkPriceProps) {
  const { data, error, isPending } = useLink(code)
  if (error) return <p role="alert">Could not load the link: {error.message}</p>
  if (isPending) return <p aria-busy="true">Loading the price…</p>
  return <p>{data.price ? `${data.price.amount} ${data.price.currency}` : 'No price'}</p>
}
