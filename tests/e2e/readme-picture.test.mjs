// The README's picture is retaken with scripts/screenshot.mjs: the script still finds what it
// waits for on the page (a finished word list, the drawn path) and writes the picture at its size.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('../../scripts/screenshot.mjs', import.meta.url));

test('the README picture script writes a 1100x688 PNG of the solver', () => {
  const dir = mkdtempSync(join(tmpdir(), 'boggle-picture-'));
  try {
    const out = join(dir, 'solve.png');
    execFileSync('node', [script, out], { stdio: 'pipe', timeout: 120_000 });
    const png = readFileSync(out);
    assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
    // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [1100, 688]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
