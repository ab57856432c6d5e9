import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { zip } from './zip.js';

/** Reads a zip back through its central directory (what an unzip tool does). */
function unzip(archive: Buffer): Map<string, string> {
  const end = archive.length - 22;
  expect(archive.readUInt32LE(end)).toBe(0x06054b50);
  const count = archive.readUInt16LE(end + 10);
  let central = archive.readUInt32LE(end + 16);
  const files = new Map<string, string>();
  for (let index = 0; index < count; index += 1) {
    const compressedSize = archive.readUInt32LE(central + 20);
    const nameLength = archive.readUInt16LE(central + 28);
    const name = archive.toString('utf8', central + 46, central + 46 + nameLength);
    const local = archive.readUInt32LE(central + 42);
    const dataStart = local + 30 + archive.readUInt16LE(local + 26);
    files.set(name, inflateRawSync(archive.subarray(dataStart, dataStart + compressedSize)).toString('utf8'));
    central += 46 + nameLength;
  }
  return files;
}

describe('zip', () => {
  it('packs files that read back byte for byte, names included', () => {
    const archive = zip([
      { path: 'manifest.json', data: Buffer.from('{"manifest_version":3}') },
      { path: 'content.js', data: Buffer.from('console.log("é".repeat(500))') },
    ]);
    expect(unzip(archive)).toEqual(
      new Map([
        ['manifest.json', '{"manifest_version":3}'],
        ['content.js', 'console.log("é".repeat(500))'],
      ]),
    );
  });
});
