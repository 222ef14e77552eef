import type { Page } from '@playwright/test';

/**
 * What is wrong with the layout of the page as it shows now, one sentence each (none: []).
 *
 * - The page scrolls sideways: the document is wider than the window.
 * - A screen's error boundary shows.
 * - A table does not fit its box: its container scrolls sideways, so columns at the end (the
 *   amounts, the row actions) are out of sight until one scrolls the table.
 * - A cell, a card line, a row action, a button or a field of the screen (or of the dialog or
 *   drawer open over it: then of that only) reaches past the window or past a box that clips it
 *   (overflow other than visible): it is cut.
 *   Scrolling tab bars (MUI's, with their arrows) are left out: scrolling them is their design.
 * - A row action is hidden behind another element: the element at its centre is not the button.
 *   Checked for the actions in the window's height (those below are checked where they show).
 * - A text cut with an ellipsis (text-overflow: ellipsis and its content wider than its box)
 *   without a title nor an accessible name giving it whole, in a cell, a card, a detail or a
 *   field's value: what the person needs to read there is lost. A field's helper line giving it
 *   whole counts; on a phone (below 900 px) a title does not: nothing hovers there.
 *
 * Geometry only (rectangles, computed styles, the element at a point): nothing depends on
 * timing, once the screen has settled.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const height = window.innerHeight;
    const scrolling = document.scrollingElement ?? document.documentElement;
    if (scrolling.scrollWidth > width + 1) {
      const wide = [...document.querySelectorAll<HTMLElement>('main *, [role="dialog"] *')]
        .filter((element) => element.getBoundingClientRect().right > width + 1)
        .slice(0, 3)
        .map((element) => describe(element));
      problems.push(`the page scrolls sideways (${scrolling.scrollWidth}px wide for ${width}px): ${wide.join('; ')}`);
    }
    if (document.querySelector('[data-testid="screen-error"]')) problems.push('the screen shows its error boundary');

    function describe(element: Element): string {
      const id = element.getAttribute('data-testid') ?? element.getAttribute('aria-label') ?? element.getAttribute('name');
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `<${element.tagName.toLowerCase()}${id ? ` ${id}` : ''}>${text ? ` « ${text} »` : ''}`;
    }
    function shown(element: Element): boolean {
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      const rect = element.getBoundingClientRect();
      return rect.width > 1 && rect.height > 1;
    }
    /**
     * What is in front: the dialog or drawer open over the screen (the last one opened), else the
     * screen (not the menu nor the top bar).
     */
    const layers = [...document.querySelectorAll('.MuiModal-root')].filter(shown);
    const front = layers.at(-1);
    const roots = front ? [front.querySelector('.MuiDrawer-paper, .MuiDialog-paper') ?? front] : [...document.querySelectorAll('main')].filter(shown);
    const inScreen = (selector: string) => roots.flatMap((root) => [...root.querySelectorAll<HTMLElement>(selector)]).filter(shown);

    // Tables wider than their box.
    for (const table of inScreen('table')) {
      const box = table.parentElement!;
      if (box.scrollWidth <= box.clientWidth + 1) continue;
      const edge = box.getBoundingClientRect().right;
      const cut = [...table.querySelectorAll('thead th')]
        .filter((cell) => cell.getBoundingClientRect().right > edge + 1)
        .map((cell) => `« ${(cell.textContent ?? '').trim() || '(no header)'} »`);
      problems.push(`a table is wider than its box (${box.scrollWidth}px in ${box.clientWidth}px): ${cut.join(', ')} cut`);
    }

    // Cut by the window or a clipping box.
    const clipped = new Set<string>();
    const candidates = inScreen(
      'td, th, [data-testid="table-row"] dd, [data-testid="table-row"] dt, [data-testid^="row-action-"], button, a[href], input:not([type="hidden"]), .MuiChip-root',
    );
    for (const element of candidates) {
      if (element.closest('.MuiTabs-scroller, .MuiTablePagination-root')) continue;
      // A visually hidden native input (checkbox, radio, file) under its MUI button.
      if (element.tagName === 'INPUT' && ['checkbox', 'radio', 'file'].includes((element as HTMLInputElement).type)) continue;
      const rect = element.getBoundingClientRect();
      let left = 0;
      let right = width;
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflowX === 'visible') continue;
        const boxRect = box.getBoundingClientRect();
        left = Math.max(left, boxRect.left + box.clientLeft);
        right = Math.min(right, boxRect.left + box.clientLeft + box.clientWidth);
      }
      if (rect.left < left - 1 || rect.right > right + 1) {
        const what = describe(element);
        if (!clipped.has(what)) problems.push(`cut at the side (${Math.round(rect.left)}–${Math.round(rect.right)}px, visible ${Math.round(left)}–${Math.round(right)}px): ${what}`);
        clipped.add(what);
      }
    }

    // Row actions under another element.
    for (const action of inScreen('[data-testid^="row-action-"]')) {
      const rect = action.getBoundingClientRect();
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      if (y < 0 || y > height || x < 0 || x > width) continue;
      const top = document.elementFromPoint(x, y);
      if (top && !action.contains(top) && !top.contains(action)) {
        problems.push(`a row action is under another element: ${describe(action)} under ${describe(top)}`);
      }
    }

    // Text cut with an ellipsis, the whole of it nowhere.
    for (const element of inScreen('td *, td, [data-testid="table-row"] *, dd, dd *, input')) {
      const style = getComputedStyle(element);
      if (style.textOverflow !== 'ellipsis' || element.scrollWidth <= element.clientWidth + 1) continue;
      const whole = element.tagName === 'INPUT' ? (element as HTMLInputElement).value : (element.textContent ?? '').trim();
      if (!whole) continue;
      // A title shows on hover: not on a phone (below 900 px, where the app lays out for touch).
      const named = width >= 900 ? element.closest('[title], [aria-label]') : element.closest('[aria-label]');
      // A field's description (its helper line, on the screen under it) may give it whole.
      const described = (element.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => (id ? document.getElementById(id)?.textContent ?? '' : ''))
        .join(' ');
      const given = `${named ? `${named.getAttribute('title') ?? ''} ${named.getAttribute('aria-label') ?? ''}` : ''} ${described}`;
      if (given.includes(whole)) continue;
      problems.push(`text cut by an ellipsis, with no title giving it whole: ${describe(element)}${element.tagName === 'INPUT' ? ` « ${whole} »` : ''}`);
    }
    return problems;
  });
}

/**
 * What is wrong with the lists of the screen as it shows now (wide screens: tables, not cards),
 * one sentence each (none: []). Stricter than layoutProblems on what a list must be:
 *
 * - The page scrolls sideways (document.scrollingElement wider than the window).
 * - A table's container scrolls sideways (scrollWidth > clientWidth + 1).
 * - The sticky row actions' cell overlaps the cell before it (their boxes, either direction), or
 *   has no background of its own (the columns under it would show through).
 * - A parcel code is not on one line, or a name (the first line of a person's or merchant's cell)
 *   takes more than two.
 * - The search box's placeholder is wider than the box's text area: it is cut.
 */
export function listFitProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const scrolling = document.scrollingElement ?? document.documentElement;
    if (scrolling.scrollWidth > scrolling.clientWidth + 1) {
      problems.push(`the page scrolls sideways (${scrolling.scrollWidth}px wide for ${scrolling.clientWidth}px)`);
    }
    const shown = (element: Element) => {
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      const rect = element.getBoundingClientRect();
      return rect.width > 1 && rect.height > 1;
    };
    const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    /** How many lines the text of `element` takes (its text boxes' distinct tops). */
    const lines = (element: Element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const tops = new Set<number>();
      for (const rect of range.getClientRects()) if (rect.width > 0 && rect.height > 0) tops.add(Math.round(rect.top));
      // Boxes of one line may differ by a pixel or two (an isolate, a bold run): count distinct lines.
      return [...tops].sort((a, b) => a - b).filter((top, index, all) => index === 0 || top - all[index - 1] > 4).length;
    };
    const layers = [...document.querySelectorAll('.MuiModal-root')].filter(shown);
    const root = layers.at(-1)?.querySelector('.MuiDrawer-paper, .MuiDialog-paper') ?? document.querySelector('main');
    if (!root) return problems;

    for (const table of [...root.querySelectorAll('table')].filter(shown)) {
      const where = table.closest('[data-testid]')?.getAttribute('data-testid') ?? 'a table';
      const box = table.parentElement!;
      if (box.scrollWidth > box.clientWidth + 1) problems.push(`${where}: its box scrolls sideways (${box.scrollWidth}px in ${box.clientWidth}px)`);
      const rtl = getComputedStyle(table).direction === 'rtl';
      for (const row of table.querySelectorAll('tr')) {
        const cell = row.lastElementChild;
        const before = cell?.previousElementSibling;
        if (!cell || !before || getComputedStyle(cell).position !== 'sticky') continue;
        const stuck = cell.getBoundingClientRect();
        const previous = before.getBoundingClientRect();
        const overlap = rtl ? stuck.right - previous.left : previous.right - stuck.left;
        if (overlap > 1) problems.push(`${where}: the actions cell covers ${Math.round(overlap)}px of « ${text(before) || '(empty)'} »`);
        const background = getComputedStyle(cell).backgroundColor;
        if (background === 'transparent' || /rgba\(.*,\s*0\)$/.test(background)) problems.push(`${where}: the actions cell has no background of its own`);
      }
      for (const code of table.querySelectorAll('[data-testid="parcel-code"]')) {
        if (lines(code) > 1) problems.push(`${where}: the code « ${text(code)} » wraps on ${lines(code)} lines`);
      }
      for (const name of table.querySelectorAll('[data-testid="cell-name"]')) {
        if (lines(name) > 2) problems.push(`${where}: the name « ${text(name)} » wraps on ${lines(name)} lines`);
      }
    }

    for (const input of [...root.querySelectorAll<HTMLInputElement>('[data-testid="table-search"]')].filter(shown)) {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const needed = context.measureText(input.placeholder).width;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (needed > room + 1) problems.push(`the search box's placeholder « ${input.placeholder} » is cut (${Math.round(needed)}px in ${Math.round(room)}px)`);
    }
    return problems;
  });
}
