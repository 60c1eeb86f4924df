import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a Brotli and a gzip copy of each built text asset, at the highest levels, so the server
 * sends them as they are (`precompressed`) instead of compressing the same files on every request:
 * the framework chunk alone cost ~0.2 s of server CPU per page load.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'workspace-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const assets = join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css|svg|json)$/.test(name)) continue;
        const path = join(assets, name);
        const bytes = readFileSync(path);
        if (bytes.length < 1024) continue;
        writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

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
    precompress(),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  build: {
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      // Tiptap's packages make every extension at module level (`Extension.create({…})`) without a
      // pure annotation, so the ones the wiki never uses (CharacterCount, Focus, ListKit…) would stay
      // in the editor's chunk. Creating an extension has no side effect.
      treeshake: { manualPureFunctions: ['Extension.create', 'Node.create', 'Mark.create'] },
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
