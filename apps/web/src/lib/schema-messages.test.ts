import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const sourceDir = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * The domain's errors module installs the plain error map ('Value must be 0 or more', not zod's
 * 'Number must be greater than or equal to 0'). The build splits it into the chunks that import
 * it, so a form that read zod's issue itself spoke zod's sentences until another page (the
 * account form) had loaded that chunk. Taking the message through firstIssueMessage or
 * firstIssueWithField loads the map with the form.
 */
describe('schema messages in the web app', () => {
  it('take the first issue through the domain, never from the issue list directly', () => {
    const readers = sourceFiles(sourceDir)
      .filter((file) => /\.issues\s*\[\s*0\s*\]/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(sourceDir, file));
    expect(readers).toEqual([]);
  });
});
