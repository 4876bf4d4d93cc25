import fc from 'fast-check'

// Every property test runs on one fixed seed unless FC_SEED says otherwise, so that `npm test` (and
// CI, which runs it) gives the same verdict for the same code: a seed that turns up a test's own
// artefact cannot fail one run of a commit that passed the last. FC_SEED=random explores new seeds
// (fast-check prints a failing run's seed and path); FC_SEED=<n> replays one.
const seed = process.env.FC_SEED ?? '20261124'
if (seed !== 'random') fc.configureGlobal({ seed: Number(seed) })
