import { createRef } from 'react'
import { composeRefs } from '../../src/components/composeRefs.js'

test('sets every ref, and clears them when React passes null (React 18)', () => {
  const object = createRef<string>()
  const seen: (string | null)[] = []
  const ref = composeRefs<string>(object, (node) => void seen.push(node))
  expect(ref('node')).toBeUndefined()
  expect(object.current).toBe('node')
  ref(null)
  expect(object.current).toBeNull()
  expect(seen).toEqual(['node', null])
})

test('returns a cleanup when a callback ref has one (React 19), which runs it and clears the others', () => {
  const object = createRef<string>()
  const plain: (string | null)[] = []
  const cleanup = vi.fn()
  const ref = composeRefs<string>(object, (node) => void plain.push(node), () => cleanup)
  const dispose = ref('node')
  expect(typeof dispose).toBe('function')
  ;(dispose as () => void)()
  expect(cleanup).toHaveBeenCalledTimes(1)
  expect(object.current).toBeNull()
  expect(plain).toEqual(['node', null])
})
