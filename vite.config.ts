import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { precompress } from './scripts/build/precompress';

export default defineConfig({
  root: path.resolve('client'),
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@shared': path.resolve('shared') },
  },
  build: {
    outDir: path.resolve('dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: the bench reads which chunks each reader route loads
    manifest: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      // merging modules shared by lazy screens into the entry chunk would put them on the reader route
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:4999',
      '/server': 'http://127.0.0.1:4999',
      '/mock-path': 'http://127.0.0.1:4999',
      '/mock-data': 'http://127.0.0.1:4999',
      '/socket.io': { target: 'http://127.0.0.1:4999', ws: true },
      '/collab': { target: 'ws://127.0.0.1:4999', ws: true },
    },
  },
});
