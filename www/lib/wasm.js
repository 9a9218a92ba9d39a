// Compiling the engine's wasm modules, with the reasons a compile can fail told apart.
import { AFRESH, downloadFailed, ENGINE_DOWNLOAD_FAILED, unreachable } from './failure.js';

/**
 * The smallest module that uses a WebAssembly SIMD instruction (a function returning
 * `i8x16.splat(0)`): the engine is built with SIMD, so a browser that rejects this cannot run it.
 */
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version 1
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, // one type: () -> v128
  0x03, 0x02, 0x01, 0x00, // one function of that type
  0x0a, 0x08, 0x01, 0x06, 0x00, 0x41, 0x00, 0xfd, 0x0f, 0x0b, // body: i32.const 0, i8x16.splat
]);

/** What the page says in a browser without WebAssembly SIMD. */
const NO_SIMD =
  'this browser cannot run the engine: it lacks WebAssembly SIMD (Chrome and Edge 91, Firefox 89 and Safari 16.4 or later have it)';

/** A failure no retry can mend: this browser cannot run the engine at all. */
export class Unsupported extends Error {}

/**
 * Compiles the module at `url` (or awaits `started`, a compile begun earlier): streaming, else
 * from the downloaded bytes (some servers send the wrong MIME type). A module this browser
 * cannot compile for lack of SIMD fails with {@link Unsupported} ({@link NO_SIMD}); a download
 * that fails, with an error {@link downloadFailed} marks.
 * @param {string | URL} url
 * @param {Promise<WebAssembly.Module> | null} [started]
 * @returns {Promise<WebAssembly.Module>}
 */
export async function compileWasm(url, started = null) {
  try {
    return await (started ?? WebAssembly.compileStreaming(fetch(url)));
  } catch {
    let bytes;
    try {
      // The streaming compile failed: its download may have been an error kept by the browser.
      const res = await fetch(url, AFRESH);
      if (!res.ok) throw downloadFailed(`could not download the engine (HTTP ${res.status})`, ENGINE_DOWNLOAD_FAILED);
      bytes = await res.arrayBuffer();
    } catch (e) {
      throw e.name === ENGINE_DOWNLOAD_FAILED ? e : unreachable('the engine', { name: ENGINE_DOWNLOAD_FAILED });
    }
    try {
      return await WebAssembly.compile(bytes);
    } catch (e) {
      throw WebAssembly.validate(SIMD_PROBE) ? e : new Unsupported(NO_SIMD);
    }
  }
}
