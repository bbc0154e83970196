/**
 * Bytes to text for list files: UTF-8 unless the bytes are not valid UTF-8 (OFAC's legacy CSV is ASCII/
 * Windows-1252), a leading BOM removed, and OFAC's trailing Ctrl-Z (0x1A) end-of-file byte dropped.
 */

/** Text of `bytes`, decoded as UTF-8, falling back to Windows-1252 when the bytes are not UTF-8. */
export function decodeText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '').replace(/\u001A+\s*$/, '');
}
