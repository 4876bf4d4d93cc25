// React's functions, imported by the package's modules from here rather than from 'react' itself:
// a bundler that turns the peer's import into a CommonJS require (esbuild's, as size-limit runs it;
// React ships CommonJS) requires it once per importing module, so one importer saves each further
// module's require, about 8 B gzip a module in a component's bundle. Types come from 'react'.
export {
  Children,
  cloneElement,
  createContext,
  createElement,
  forwardRef,
  Fragment,
  useContext,
  useEffect,
  useId,
  useImperativeHandle,
  useInsertionEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react'
