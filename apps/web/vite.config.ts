import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { mantineStylesCheck } from './mantine-styles';

// `vite build` always makes the production bundle, whatever NODE_ENV the shell has (`NODE_ENV=
// development npm start` used to build React's development bundle, over the size budget).
if (process.argv.includes('build')) process.env.NODE_ENV = 'production';

// `API_PROXY_TARGET` points dev and preview at an API on another port.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    mantineStylesCheck(new URL('./src/app/mantine.css', import.meta.url).pathname),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The bundle-size check reads the manifest to find what the sign-in route loads.
    manifest: true,
    sourcemap: false,
    rollupOptions: {
      treeshake: {
        // The contract's modules only declare constants and schemas: importing a constant must
        // not drag every zod schema (and zod) into the entry chunk.
        moduleSideEffects: (id) => !id.includes('/packages/contract/'),
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/dev': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/dev': { target: apiTarget, changeOrigin: true },
    },
  },
});
