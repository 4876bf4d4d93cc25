/** What the size budgets keep out of a bundle: the peers and optional peers. */
export declare const PEERS: string[]
/** Bundles `export <imports> from '<entry>'` as the budgets measure it (minified, gzip level 9). */
export declare function measureBundle(
  entry: string,
  imports?: string,
  external?: string[],
  plugins?: import('esbuild').Plugin[],
): Promise<{ minified: number; gzip: number; inputs: { name: string; bytes: number }[]; code: string }>
