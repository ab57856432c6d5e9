/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of dist/ (the hashed
 * scripts and stylesheet, index.html, the icons), once at build time: the server sends them to
 * browsers that accept them (@fastify/static's `preCompressed`) without compressing per request.
 * The prerendered pages are compressed by the server, which fills in the site's address first.
 * Run by `npm run build -w @tradedesk/web`, last.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const distDir = path.resolve(import.meta.dirname, '..', 'dist');
const compressible = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.xml']);
/** Below this a compressed copy saves less than its extra header costs. */
const smallestWorthCompressing = 1024;

async function compressAssets() {
  const entries = await readdir(distDir, { withFileTypes: true, recursive: true });
  let written = 0;
  for (const entry of entries) {
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(distDir, file);
    if (!entry.isFile() || !compressible.has(path.extname(entry.name))) continue;
    if (relative.startsWith(`prerendered${path.sep}`) || relative.startsWith(`.vite${path.sep}`)) continue;
    const content = await readFile(file);
    if (content.length < smallestWorthCompressing) continue;
    await writeFile(
      `${file}.br`,
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
    written += 1;
  }
  console.log(`Compressed ${written} files of dist/ (brotli and gzip)`);
}

await compressAssets();
