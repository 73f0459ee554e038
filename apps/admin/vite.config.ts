import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';

export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  // Every artefact of `npm run build` lies under the repository's dist/ (scripts/build-server.mjs).
  build: { outDir: '../../dist/admin', emptyOutDir: true },
  server: { proxy: { '/admin-api': 'http://127.0.0.1:8080' } },
});
