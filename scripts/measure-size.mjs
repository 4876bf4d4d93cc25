// Measures one import of the package the way the size budgets do, from src/ (no build needed) and
// lists the heaviest modules: `node scripts/measure-size.mjs src/index.ts '{ PayLinkButton }' 30`.
import { measureBundle } from './measureBundle.mjs'

const [entry = 'src/index.ts', imports = '*', top = '25'] = process.argv.slice(2)
const { minified, gzip, inputs } = await measureBundle(`./${entry}`, imports)
const zod = inputs.filter((i) => i.name.includes('node_modules/zod')).reduce((sum, i) => sum + i.bytes, 0)
console.log(`${entry} ${imports}: ${minified} B min, ${gzip} B min+gz (zod: ${zod} B min)`)
for (const { name, bytes } of inputs.filter((i) => !i.name.includes('node_modules')).sort((a, b) => b.bytes - a.bytes).slice(0, Number(top))) {
  console.log(String(bytes).padStart(7), name)
}
