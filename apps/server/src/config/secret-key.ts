import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateSecretKey } from '../lib/crypto.js';
import { secretKeyPattern } from './env.js';

/**
 * SECRET_KEY from the environment, else the key kept in `<dataDir>/secret.key`, else a new one
 * written there (mode 0600) so encrypted credentials survive restarts.
 */
export async function resolveSecretKey(
  fromEnv: string | undefined,
  dataDir: string,
): Promise<{ key: string; source: 'env' | 'file' | 'generated' }> {
  if (fromEnv) return { key: fromEnv, source: 'env' };
  const file = path.join(dataDir, 'secret.key');
  const existing = await readFile(file, 'utf8').catch(() => undefined);
  if (existing !== undefined) {
    const key = existing.trim();
    if (!secretKeyPattern.test(key))
      throw new Error(`${file} does not hold a valid key (64 hexadecimal characters)`);
    return { key, source: 'file' };
  }
  const key = generateSecretKey();
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${key}\n`, { mode: 0o600 });
  return { key, source: 'generated' };
}
