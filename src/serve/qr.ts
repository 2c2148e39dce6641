// A QR code drawn in the terminal, two modules per character cell (upper and lower half blocks), so a phone can
// scan the players' view's address. The encoding is uqr's (zero dependencies, about 100 KB, loaded only by
// `badzone serve`); the drawing is here, so the colours are right on light and dark terminals alike.
import { encode } from 'uqr';

/** The code's modules, true = dark, with a quiet zone of `border` light modules around it. */
export function qrModules(text: string, border = 2): boolean[][] {
  return encode(text, { ecc: 'M', border }).data;
}

/**
 * The code as lines of text. With colour, black on white cells whatever the terminal's own colours are; without,
 * a light module is the foreground (a full or half block) and a dark one the background, which suits the usual
 * light-on-dark terminal and which phone scanners also read inverted.
 */
export function terminalQr(text: string, color: boolean): string[] {
  const m = qrModules(text);
  const size = m.length;
  const dark = (y: number, x: number): boolean => (y < size ? m[y]![x]! : false);
  const lines: string[] = [];
  for (let y = 0; y < size; y += 2) {
    let line = '';
    for (let x = 0; x < size; x++) {
      const top = dark(y, x);
      const bottom = dark(y + 1, x);
      if (color) line += top && bottom ? '\u2588' : top ? '\u2580' : bottom ? '\u2584' : ' ';
      else line += !top && !bottom ? '\u2588' : !top ? '\u2580' : !bottom ? '\u2584' : ' ';
    }
    lines.push(color ? `\u001b[30;47m${line}\u001b[0m` : line);
  }
  return lines;
}
