import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

export default defineConfig({
  // The router plugin must come before react(): it rewrites route files for code splitting.
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/app/route-tree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  build: {
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // Everything every page needs, in one chunk: compresses better than many small ones.
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|zustand|openapi-fetch|@tanstack[\\/](react-router|router-core|history|store|react-store|query-core|react-query))[\\/]/,
            },
          ],
        },
      },
    },
  },
});
