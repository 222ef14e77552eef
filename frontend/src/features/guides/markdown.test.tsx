import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Markdown } from './Markdown';
import { parseMarkdown, safeHref, safeImageSrc } from './markdown';

function renderMarkdown(source: string) {
  renderWithProviders(<Markdown source={source} />);
  return screen.getByTestId('markdown');
}

/** Nothing in the rendered tree may run code or load from elsewhere. */
function expectHarmless(root: HTMLElement) {
  expect(root.querySelector('script, iframe, object, embed, style, svg, form, input, base, meta, link')).toBeNull();
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      expect(attribute.name, `${element.tagName} ${attribute.name}`).not.toMatch(/^on/i);
      expect(attribute.value, `${element.tagName} ${attribute.name}`).not.toMatch(/^\s*(javascript|vbscript|data):/i);
    }
  }
  for (const anchor of root.querySelectorAll('a')) {
    expect(anchor.getAttribute('href')).toMatch(/^(https?:\/\/|mailto:|\/|\.|#|[\w-]+(\/|$|\?|#))/i);
  }
  for (const image of root.querySelectorAll('img')) {
    const src = image.getAttribute('src') ?? '';
    expect(src).not.toMatch(/^(\w+:|\/\/)/);
  }
}

describe('guide Markdown', () => {
  it('renders headings, lists, emphasis, code, tables and safe links', () => {
    const root = renderMarkdown(
      [
        '# API marchand',
        '',
        'Créez un **jeton** dans *Mon profil*, puis appelez `GET /api/parcels`.',
        '',
        '- un',
        '- deux',
        '',
        '1. premier',
        '2. second',
        '',
        '```bash',
        'curl -H "Authorization: Bearer $TOKEN" https://colivra.ma/api/parcels',
        '```',
        '',
        '| Méthode | Chemin |',
        '|---|---|',
        '| GET | /api/parcels |',
        '',
        '[Documentation](https://colivra.ma/docs), [écrire](mailto:support@colivra.ma), [profil](/compte/profile)',
      ].join('\n'),
    );
    expect(root.querySelector('h2')).toHaveTextContent('API marchand');
    expect(root.querySelector('strong')).toHaveTextContent('jeton');
    expect(root.querySelector('em')).toHaveTextContent('Mon profil');
    expect(root.querySelectorAll('ul li')).toHaveLength(2);
    expect(root.querySelectorAll('ol li')).toHaveLength(2);
    expect(root.querySelector('pre code')).toHaveTextContent('curl -H "Authorization: Bearer $TOKEN"');
    expect(root.querySelector('td')).toHaveTextContent('GET');
    const links = [...root.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Documentation', 'https://colivra.ma/docs'],
      ['écrire', 'mailto:support@colivra.ma'],
      ['profil', '/compte/profile'],
    ]);
    expect(root.querySelector('a')).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expectHarmless(root);
  });

  it('shows raw HTML as text: no script, no img onerror, no iframe', () => {
    const hostile = [
      '<script>window.pwned = true</script>',
      '',
      'Texte <img src=x onerror="window.pwned=true"> et <iframe src="https://evil.example"></iframe>',
      '',
      '<a href="javascript:alert(1)">clic</a> <svg onload=alert(1)>',
      '',
      '# <b onmouseover=alert(1)>titre</b>',
      '',
      '- <style>body{display:none}</style>',
    ].join('\n');
    const root = renderMarkdown(hostile);
    expect(root.textContent).toContain('<script>window.pwned = true</script>');
    expect(root.textContent).toContain('<img src=x onerror="window.pwned=true">');
    expect(root.querySelectorAll('a, img, b')).toHaveLength(0);
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
    expectHarmless(root);
  });

  it('keeps the text of javascript:, data: and other links, without their target', () => {
    const root = renderMarkdown(
      [
        '[un](javascript:alert(1)) [deux](JaVaScRiPt:alert(1)) [trois](java\tscript:alert(1))',
        '[quatre](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) [cinq](vbscript:msgbox(1))',
        '[six]( javascript:alert(1) ) [sept](&#106;avascript:alert(1)) [huit](\\\\evil.example/x) [neuf](file:///etc/passwd)',
      ].join('\n'),
    );
    expect(root.querySelectorAll('a')).toHaveLength(0);
    for (const word of ['un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf']) expect(root.textContent).toContain(word);
    expectHarmless(root);
  });

  it('loads no image from another origin nor from a data: URL', () => {
    const root = renderMarkdown(
      [
        '![pisteur](https://tracker.example/pixel.png)',
        '![proto](//tracker.example/pixel.png)',
        '![data](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
        '![js](javascript:alert(1))',
        '![logo](/images/logo.png)',
      ].join('\n\n'),
    );
    const images = root.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute('src', '/images/logo.png');
    expect(images[0]).toHaveAttribute('alt', 'logo');
    expect(screen.getAllByTestId('markdown-blocked-image')).toHaveLength(4);
    expect(root.textContent).toContain('Image externe non chargée : pisteur');
    expectHarmless(root);
  });

  it('judges link and image targets', () => {
    expect(safeHref('https://a.example/x')).toBe('https://a.example/x');
    expect(safeHref('HTTP://a.example')).toBe('HTTP://a.example');
    expect(safeHref('mailto:a@b.ma')).toBe('mailto:a@b.ma');
    expect(safeHref('/compte/guide')).toBe('/compte/guide');
    expect(safeHref('#section')).toBe('#section');
    expect(safeHref('guide?x=a:b')).toBe('guide?x=a:b');
    for (const bad of ['javascript:alert(1)', ' javascript:x', 'java\nscript:x', 'data:text/html,x', 'vbscript:x', 'ftp://x', 'a:b', '\\\\evil', '']) {
      expect(safeHref(bad), bad).toBeNull();
    }
    expect(safeImageSrc('/logo.png')).toBe('/logo.png');
    expect(safeImageSrc('img/logo.png')).toBe('img/logo.png');
    for (const bad of ['https://x/y.png', '//x/y.png', 'data:image/png;base64,AA', '/\\evil/x.png']) {
      expect(safeImageSrc(bad), bad).toBeNull();
    }
  });

  it('parses code fences without reading Markdown inside them', () => {
    expect(parseMarkdown('```\n**pas gras** <b>\n```')).toEqual([{ type: 'code', lang: '', text: '**pas gras** <b>' }]);
  });
});
