// Prints the figures of `npm run bench` as one table and writes bench/results.json.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'

const dir = new URL('./.results/', import.meta.url)
const figures = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .flatMap((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')))
const rows = figures.map((f) => ({
  group: f.group,
  figure: f.name,
  value: `${f.value} ${f.unit}`,
  target: f.target ?? '',
  met: f.met === undefined ? '' : f.met ? 'yes' : 'NO',
  note: f.note ?? '',
}))
console.table(rows)
writeFileSync(new URL('./results.json', import.meta.url), `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, figures }, null, 2)}\n`)
const missed = figures.filter((f) => f.met === false)
console.log(missed.length ? `${missed.length} target(s) missed: ${missed.map((f) => f.name).join('; ')}` : 'Every target met.')
