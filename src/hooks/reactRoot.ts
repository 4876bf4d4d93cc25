// The rest of React's run-time imports of the provider, the purchase hooks and PayLinkButton, which
// the root entry carries together: one import statement instead of three (see react.ts).
export { Children, cloneElement, useCallback, useId, useMemo, useRef, useSyncExternalStore } from 'react'
