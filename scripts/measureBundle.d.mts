/** What the size budgets keep out of a bundle: the peers and optional peers. */
export declare const PEERS: string[]
/** Minified code's gzip size as size-limit counts an `import` check: level 9, less its empty project's (46 B, or 182 B with esbuild's `require` shim). */
export declare function gzipSize(code: string | Uint8Array): number
/** Bundles `import <imports> from '<entry>'` exactly as size-limit's `import` checks do (minified, IIFE, gzip level 9, less size-limit's empty project). */
export declare function measureBundle(
  entry: string,
  imports?: string,
  external?: string[],
  plugins?: import('esbuild').Plugin[],
): Promise<{ minified: number; gzip: number; inputs: { name: string; bytes: number }[]; code: string }>
