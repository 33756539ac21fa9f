// Bundles the server (server/main.ts and what it imports from src/api) into dist/server/main.js with
// esbuild; npm packages stay external and load from node_modules. Production runs `node dist/server/main.js`.
import { build } from 'esbuild';
import { cp, mkdir, rm } from 'node:fs/promises';

await rm('dist/server', { recursive: true, force: true });
await mkdir('dist/server', { recursive: true });
await build({
  entryPoints: ['server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
await cp('server/db/documents', 'dist/server/documents', { recursive: true });
// The coastline extract (rescue coverage; server/geodata/coastline.ts reads it from ./geodata).
await mkdir('dist/server/geodata', { recursive: true });
await cp('server/geodata/coastline-extract.json', 'dist/server/geodata/coastline-extract.json');
await cp('server/geodata/ATTRIBUTION.md', 'dist/server/geodata/ATTRIBUTION.md');
console.log('Built dist/server/main.js');
