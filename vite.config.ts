import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';

export default defineConfig({
  root: path.resolve('client'),
  plugins: [react()],
  resolve: {
    alias: { '@shared': path.resolve('shared') },
  },
  build: {
    outDir: path.resolve('dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
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
