// React's run-time imports that every component's bundle carries: the client's context
// (usePayLinkClient), forwardRef, and useCoarseNow's effect and state. One import statement for
// them all instead of one per module that uses them (see tanstack.ts); only names that go together
// belong here, as every name stays in each bundle that imports the module.
export { createContext, forwardRef, useContext, useEffect, useState } from 'react'
