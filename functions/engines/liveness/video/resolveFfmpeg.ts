import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Chooses the ffmpeg executable: the caller's path if given; else the static Linux build shipped in the npm
 * package `@ffmpeg-installer/ffmpeg` (its platform sub-package carries the binary, so `npm ci` alone provides it, no
 * install script needed); else `ffmpeg` on the PATH (e.g. Debian's `ffmpeg` package, as in the inference container).
 *
 * @param explicit - a path chosen by configuration
 * @returns a path or command name to spawn
 */
export function resolveFfmpeg(explicit?: string): string {
  if (explicit) return explicit;
  try {
    const require = createRequire(import.meta.url);
    const installer = require('@ffmpeg-installer/ffmpeg') as { path?: string };
    if (installer.path && existsSync(installer.path)) return installer.path;
  } catch {
    // Not installed for this platform: fall back to the system ffmpeg.
  }
  return 'ffmpeg';
}
