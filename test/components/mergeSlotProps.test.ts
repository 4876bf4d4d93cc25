import { createElement } from 'react'
import { mergeSlotProps } from '../../src/components/mergeSlotProps.js'

test("composes handlers, the child's first", () => {
  const calls: string[] = []
  const merged = mergeSlotProps({ onClick: () => calls.push('ours') }, createElement('a', { onClick: () => calls.push('theirs') }), null)
  ;(merged.onClick as () => void)()
  expect(calls).toEqual(['theirs', 'ours'])
})

test("keeps our handler where the child's is given as undefined (an optional prop passed through)", () => {
  const ours = vi.fn()
  const merged = mergeSlotProps({ onClick: ours, onKeyDown: ours }, createElement('a', { onClick: undefined, onKeyDown: null }), null)
  ;(merged.onClick as (event: string) => void)('click')
  ;(merged.onKeyDown as (event: string) => void)('key')
  expect(ours.mock.calls).toEqual([['click'], ['key']])
})

test("keeps the child's handler where ours is undefined (a consumer's prop left undefined)", () => {
  const theirs = vi.fn()
  const merged = mergeSlotProps({ onFocus: undefined }, createElement('a', { onFocus: theirs }), null)
  ;(merged.onFocus as (event: string) => void)('focus')
  expect(theirs).toHaveBeenCalledWith('focus')
})

test("merges the styles: ours (the button's `style`) and the child's both apply, the child's winning where both set one", () => {
  const merged = mergeSlotProps({ style: { margin: 4, color: 'blue' } }, createElement('a', { style: { color: 'red' } }), null)
  expect(merged.style).toEqual({ margin: 4, color: 'red' })
  expect(mergeSlotProps({}, createElement('a'), null).style).toBeUndefined()
})

test("keeps our style where the child's is given as undefined (an optional prop passed through)", () => {
  const merged = mergeSlotProps({ style: { margin: 4 } }, createElement('a', { style: undefined }), null)
  expect(merged.style).toEqual({ margin: 4 })
})
