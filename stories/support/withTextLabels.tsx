import type { Decorator } from '@storybook/react-vite'

/**
 * The Controls panel edits `labels` as JSON, where a label can only be a text; the component calls
 * some of them as functions (`pay(price)`, `eta({ duration })`), and a text typed there threw
 * ("labels.pay is not a function"). For the keys named, a text is passed on as a function that
 * returns it, so a designer can try a wording. A story's own functions pass unchanged.
 */
/** The keys of `L` whose label is a function (optional ones included). */
export type FunctionLabelKeys<L> = { [K in keyof L]-?: NonNullable<L[K]> extends (...args: never[]) => unknown ? K : never }[keyof L]

/**
 * The decorator for a component whose labels are `L`: `functions` names each of its function labels
 * (`{ pay: true, … }`), every one, so that a function label added to `L` fails the stories' type check
 * until it is named here, rather than crash the Controls panel.
 */
export const withTextLabels = <L,>(functions: Record<FunctionLabelKeys<L>, true>): Decorator => {
  const functionKeys = Object.keys(functions)
  return (Story, { args }) => {
    const labels = args.labels as Record<string, unknown> | undefined
    if (!labels || !functionKeys.some((key) => typeof labels[key] === 'string')) return <Story />
    const asFunctions = Object.fromEntries(
      Object.entries(labels).map(([key, value]) => [key, functionKeys.includes(key) && typeof value === 'string' ? () => value : value]),
    )
    return <Story args={{ ...args, labels: asFunctions }} />
  }
}
