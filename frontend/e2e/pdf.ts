// Reads the text of a PDF the server made (built-in fonts, WinAnsi): inflates its FlateDecode
// streams (node:zlib) and collects the strings shown by the text operators, literal `(…)` or
// hex `<…>`. Enough to check that a label or a voucher says what it should.
import { inflateSync } from 'node:zlib';

/** The content of every stream, inflated when compressed. */
export function pdfStreams(pdf: Buffer): Buffer[] {
  const out: Buffer[] = [];
  const text = pdf.toString('latin1');
  const pattern = /<<((?:[^<>]|<<(?:[^<>]|<<[^<>]*>>)*>>|<[^<>]*>)*)>>\s*stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text)) !== null) {
    const dictionary = match[1];
    const start = match.index + match[0].length;
    const lengthMatch = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary);
    let end = lengthMatch ? start + Number(lengthMatch[1]) : text.indexOf('endstream', start);
    if (end > text.length || text.slice(end, end + 20).trimStart().indexOf('endstream') !== 0) end = text.indexOf('endstream', start);
    const raw = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(dictionary)) {
      try {
        out.push(inflateSync(raw));
      } catch {
        // An image or a stream that is not deflated after all: skip it.
      }
    } else {
      out.push(raw);
    }
    pattern.lastIndex = end;
  }
  return out;
}

function literal(body: string): string {
  return body.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_m, escape: string) => {
    if (/^[0-7]+$/.test(escape)) return String.fromCharCode(Number.parseInt(escape, 8));
    return ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[escape] ?? escape;
  });
}

/** The strings drawn by the text operators of every content stream, one per line. */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  const decode = (token: string): string => {
    if (token.startsWith('(')) return literal(token.slice(1, -1));
    const hex = token.slice(1, -1).replace(/\s+/g, '');
    return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex').toString('latin1');
  };
  const stringToken = /\((?:[^()\\]|\\.)*\)|<[0-9A-Fa-f\s]*>/g;
  for (const stream of pdfStreams(pdf)) {
    const content = stream.toString('latin1');
    if (!/\bBT\b/.test(content)) continue;
    // `[(CL) -20 (V7K3)] TJ` draws one word with kerning: its pieces are joined.
    const shown = /\[((?:[^[\]\\]|\\.)*)\]\s*TJ|(\((?:[^()\\]|\\.)*\)|<[0-9A-Fa-f\s]*>)\s*(?:Tj|'|")/g;
    let match: RegExpExecArray | null;
    while ((match = shown.exec(content)) !== null) {
      if (match[1] !== undefined) lines.push((match[1].match(stringToken) ?? []).map(decode).join(''));
      else lines.push(decode(match[2]));
    }
  }
  return lines.join('\n');
}
