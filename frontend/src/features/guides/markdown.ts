// A small Markdown reader for the guides: it turns the text into a tree of plain nodes that
// Markdown.tsx renders as React elements. Safe by construction: there is no raw HTML (an HTML tag
// is text like any other), a link keeps its target only when it is http(s), mailto or relative,
// and an image only when it comes from this site (never another origin, never a data: URL).

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'image'; src: string; alt: string }
  /** An image that may not be loaded (another origin, a data: URL…): only its text is shown. */
  | { type: 'blocked-image'; alt: string }
  | { type: 'break' };

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'code'; lang: string; text: string }
  | { type: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { type: 'quote'; children: Block[] }
  | { type: 'table'; head: Inline[][]; rows: Inline[][][] }
  | { type: 'rule' };

/** Control characters and spaces, which browsers ignore inside a URL's scheme ("java\tscript:"). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const INVISIBLE = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** The link target to keep: http(s), mailto or relative; null for anything else (javascript:, data:…). */
export function safeHref(url: string): string | null {
  const raw = url.trim();
  if (!raw) return null;
  const compact = raw.replace(INVISIBLE, '');
  // A backslash or an HTML character reference ("&#106;avascript:") has no place in a link.
  if (compact.includes('\\') || /&(#|[a-z]+;)/i.test(compact)) return null;
  const scheme = SCHEME.exec(compact);
  if (scheme) return /^(https?|mailto)$/i.test(scheme[1]) ? raw : null;
  // A colon before any "/", "?" or "#" would be read as a scheme by some browser: refuse it.
  const firstSep = compact.search(/[/?#]/);
  const colon = compact.indexOf(':');
  if (colon !== -1 && (firstSep === -1 || colon < firstSep)) return null;
  return raw;
}

/** An image source from this site only: a relative path (not "//host", no scheme); null otherwise. */
export function safeImageSrc(url: string): string | null {
  const raw = url.trim();
  const compact = raw.replace(INVISIBLE, '');
  if (!compact || compact.startsWith('//') || compact.includes('\\') || compact.includes('&')) return null;
  if (SCHEME.test(compact) || compact.includes(':')) return null;
  return raw;
}

// ---- inline ---------------------------------------------------------------------------------

/** `[text](url "title")`: the target part, parentheses balanced. */
function readTarget(source: string, start: number): { url: string; end: number } | null {
  if (source[start] !== '(') return null;
  let depth = 0;
  for (let i = start; i < source.length; i += 1) {
    const char = source[i];
    if (char === '\\') {
      i += 1;
      continue;
    }
    if (char === '(') depth += 1;
    else if (char === ')') {
      depth -= 1;
      if (depth === 0) {
        const inside = source.slice(start + 1, i).trim();
        // Drop an optional "title".
        const url = inside.replace(/\s+("[^"]*"|'[^']*')$/, '').replace(/^<(.*)>$/, '$1');
        return { url, end: i + 1 };
      }
    } else if (char === '\n' && depth > 0 && source[i + 1] === '\n') return null;
  }
  return null;
}

/** `[text]` starting at `start`: its closing bracket, nested brackets balanced. */
function closingBracket(source: string, start: number): number {
  let depth = 0;
  for (let i = start; i < source.length; i += 1) {
    const char = source[i];
    if (char === '\\') {
      i += 1;
      continue;
    }
    if (char === '`') {
      const close = source.indexOf('`', i + 1);
      if (close !== -1) i = close;
      continue;
    }
    if (char === '[') depth += 1;
    else if (char === ']') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

function pushText(out: Inline[], text: string) {
  if (!text) return;
  const last = out[out.length - 1];
  if (last && last.type === 'text') last.text += text;
  else out.push({ type: 'text', text });
}

const ESCAPABLE = '\\`*_{}[]()#+-.!|<>~"\'';

/** The inline nodes of one paragraph, heading or cell. */
export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  let i = 0;
  let text = '';
  const flush = () => {
    pushText(out, text);
    text = '';
  };
  while (i < source.length) {
    const char = source[i];
    if (char === '\\' && i + 1 < source.length && ESCAPABLE.includes(source[i + 1])) {
      text += source[i + 1];
      i += 2;
      continue;
    }
    if (char === '\\' && source[i + 1] === '\n') {
      flush();
      out.push({ type: 'break' });
      i += 2;
      continue;
    }
    if (char === '\n') {
      // Two trailing spaces before a line end: a line break; otherwise a space.
      if (text.endsWith('  ')) {
        text = text.replace(/ +$/, '');
        flush();
        out.push({ type: 'break' });
      } else {
        text = text.replace(/ +$/, '') + ' ';
      }
      i += 1;
      continue;
    }
    if (char === '`') {
      const run = /^`+/.exec(source.slice(i))![0];
      const close = source.indexOf(run, i + run.length);
      if (close !== -1) {
        flush();
        out.push({ type: 'code', text: source.slice(i + run.length, close).replace(/\n/g, ' ').trim() || ' ' });
        i = close + run.length;
        continue;
      }
      text += run;
      i += run.length;
      continue;
    }
    if (char === '!' && source[i + 1] === '[') {
      const close = closingBracket(source, i + 1);
      const target = close !== -1 ? readTarget(source, close + 1) : null;
      if (target) {
        flush();
        const alt = plainText(parseInline(source.slice(i + 2, close)));
        const src = safeImageSrc(target.url);
        out.push(src ? { type: 'image', src, alt } : { type: 'blocked-image', alt });
        i = target.end;
        continue;
      }
    }
    if (char === '[') {
      const close = closingBracket(source, i);
      const target = close !== -1 ? readTarget(source, close + 1) : null;
      if (target) {
        flush();
        const children = parseInline(source.slice(i + 1, close));
        const href = safeHref(target.url);
        // A refused target: the link's text stays, as text.
        if (href) out.push({ type: 'link', href, children });
        else out.push(...children);
        i = target.end;
        continue;
      }
    }
    if (char === '<') {
      // <https://example.com> autolinks; any other "<" is text (no raw HTML).
      const auto = /^<((?:https?:\/\/|mailto:)[^\s<>]+)>/i.exec(source.slice(i));
      if (auto) {
        flush();
        out.push({ type: 'link', href: auto[1], children: [{ type: 'text', text: auto[1].replace(/^mailto:/i, '') }] });
        i += auto[0].length;
        continue;
      }
    }
    if (char === '*' || char === '_') {
      const double = source[i + 1] === char;
      const marker = double ? char + char : char;
      const after = source[i + marker.length];
      // An opening marker is followed by a non-space; "_" inside a word (snake_case) is text.
      const inWord = char === '_' && i > 0 && /\w/.test(source[i - 1]);
      if (after && !/\s/.test(after) && !inWord) {
        const close = findCloser(source, i + marker.length, marker);
        if (close !== -1) {
          flush();
          const children = parseInline(source.slice(i + marker.length, close));
          out.push(double ? { type: 'strong', children } : { type: 'em', children });
          i = close + marker.length;
          continue;
        }
      }
      text += marker;
      i += marker.length;
      continue;
    }
    text += char;
    i += 1;
  }
  flush();
  return out;
}

function findCloser(source: string, from: number, marker: string): number {
  let i = from;
  while (i < source.length) {
    if (source[i] === '\\') {
      i += 2;
      continue;
    }
    if (source[i] === '`') {
      const close = source.indexOf('`', i + 1);
      if (close !== -1) {
        i = close + 1;
        continue;
      }
    }
    if (source.startsWith(marker, i) && !/\s/.test(source[i - 1] ?? ' ')) {
      // "**" must not close a single "*".
      if (marker.length === 1 && source[i + 1] === marker) {
        i += 2;
        continue;
      }
      const next = source[i + marker.length];
      if (marker[0] === '_' && next && /\w/.test(next)) {
        i += 1;
        continue;
      }
      return i;
    }
    i += 1;
  }
  return -1;
}

/** The text of inline nodes (an image's alternative text, a heading's anchor). */
export function plainText(nodes: readonly Inline[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case 'text':
        case 'code':
          return node.text;
        case 'image':
        case 'blocked-image':
          return node.alt;
        case 'break':
          return ' ';
        default:
          return plainText(node.children);
      }
    })
    .join('');
}

// ---- blocks ---------------------------------------------------------------------------------

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+-]*)/;
const HEADING = /^ {0,3}(#{1,6})(?:\s+(.*?))?\s*#*\s*$/;
const RULE = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;
const BULLET = /^ {0,3}[-*+]\s+(.*)$/;
const ORDERED = /^ {0,3}(\d{1,9})[.)]\s+(.*)$/;
const QUOTE = /^ {0,3}>\s?(.*)$/;
const TABLE_DIVIDER = /^\s*\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?\s*$/;

function splitRow(line: string): string[] {
  let row = line.trim();
  if (row.startsWith('|')) row = row.slice(1);
  if (row.endsWith('|') && !row.endsWith('\\|')) row = row.slice(0, -1);
  const cells: string[] = [];
  let current = '';
  for (let i = 0; i < row.length; i += 1) {
    if (row[i] === '\\' && row[i + 1] === '|') {
      current += '|';
      i += 1;
    } else if (row[i] === '|') {
      cells.push(current.trim());
      current = '';
    } else current += row[i];
  }
  cells.push(current.trim());
  return cells;
}

function startsBlock(line: string, next: string | undefined): boolean {
  return (
    FENCE.test(line) ||
    HEADING.test(line) ||
    RULE.test(line) ||
    BULLET.test(line) ||
    ORDERED.test(line) ||
    QUOTE.test(line) ||
    (line.includes('|') && next !== undefined && TABLE_DIVIDER.test(next) && next.includes('-'))
  );
}

/** The blocks of a Markdown text. */
export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i += 1;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1];
      const body: string[] = [];
      i += 1;
      while (i < lines.length && !lines[i].trim().startsWith(marker)) {
        body.push(lines[i]);
        i += 1;
      }
      i += 1;
      blocks.push({ type: 'code', lang: fence[2] ?? '', text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ type: 'heading', level: heading[1].length as 1, children: parseInline(heading[2] ?? '') });
      i += 1;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i += 1;
      continue;
    }
    if (QUOTE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length && lines[i].trim() && QUOTE.test(lines[i])) {
        inner.push(QUOTE.exec(lines[i])![1]);
        i += 1;
      }
      blocks.push({ type: 'quote', children: parseMarkdown(inner.join('\n')) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const ordered = ORDERED.exec(line);
    if (bullet || ordered) {
      const isOrdered = !bullet;
      const pattern = isOrdered ? ORDERED : BULLET;
      const items: string[] = [];
      while (i < lines.length) {
        const current = lines[i];
        const match = pattern.exec(current);
        if (match) {
          items.push(isOrdered ? match[2] : match[1]);
        } else if (current.trim() && /^\s{2,}/.test(current) && items.length > 0) {
          items[items.length - 1] += `\n${current.trim()}`;
        } else break;
        i += 1;
      }
      blocks.push({
        type: 'list',
        ordered: isOrdered,
        start: ordered ? Number(ordered[1]) : 1,
        items: items.map((item) => parseInline(item)),
      });
      continue;
    }
    if (line.includes('|') && i + 1 < lines.length && TABLE_DIVIDER.test(lines[i + 1]) && lines[i + 1].includes('-')) {
      const head = splitRow(line).map(parseInline);
      i += 2;
      const rows: Inline[][][] = [];
      while (i < lines.length && lines[i].trim() && lines[i].includes('|')) {
        const cells = splitRow(lines[i]);
        rows.push(head.map((_cell, index) => parseInline(cells[index] ?? '')));
        i += 1;
      }
      blocks.push({ type: 'table', head, rows });
      continue;
    }
    const paragraph: string[] = [line.trim()];
    i += 1;
    while (i < lines.length && lines[i].trim() && !startsBlock(lines[i], lines[i + 1])) {
      paragraph.push(lines[i].replace(/^\s+/, ''));
      i += 1;
    }
    blocks.push({ type: 'paragraph', children: parseInline(paragraph.join('\n')) });
  }
  return blocks;
}
