import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The Vite config of Storybook and of the story tests; see main.ts for why it is not the root one.
export default defineConfig({
  plugins: [react()],
})
