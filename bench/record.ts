import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** One measured figure, with the target it must meet when it has one. */
export interface Figure {
  group: string
  name: string
  value: number
  unit: string
  /** e.g. `<= 16000`, `= 0`, `<= 1.15`. */
  target?: string
  met?: boolean
  note?: string
}

const figures: Figure[] = []

/** Records a figure of this file; `flush` writes them for bench/report.mjs. */
export function record(figure: Figure): void {
  figures.push(figure)
}

/** Writes this file's figures to bench/.results/<name>.json. */
export function flush(name: string): void {
  // The working directory, not import.meta.url: under jsdom the latter is not a file URL.
  const dir = join(process.cwd(), 'bench', '.results')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(figures, null, 2))
}

/** The median of some numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
