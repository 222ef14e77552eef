// What every form does when a save is refused (its own checks, or the server's 422 with field
// messages): the first field in error takes the focus and comes into view below the sticky top
// bar, and a live region says how many fields to fix and what is wrong with each. Read from the
// form as it shows its errors (the fields MUI marks in error), so it holds for any form whatever
// way it maps the server's messages to its fields. Form.tsx calls it after each submit.

/** A field the form shows in error. */
export interface FieldInError {
  /** The field's box: its label, input and message (MUI's FormControl). */
  box: HTMLElement;
  /** What takes the focus (the input, the radio, the select's button), if anything can. */
  focus: HTMLElement | null;
  label: string;
  message: string;
}

/** Where MUI marks a field in error: the input (aria-invalid), its label or its helper text. */
const ERROR_MARKS = '[aria-invalid="true"], .MuiFormLabel-root.Mui-error, .MuiFormHelperText-root.Mui-error';
/** Inputs first (a group of checkboxes also has its « Tout cocher » buttons), then anything else focusable. */
const INPUTS = 'input:not([type="hidden"]):not([disabled]):not([aria-hidden="true"]), textarea:not([disabled]), select:not([disabled]), [role="combobox"]:not([aria-disabled="true"])';
const FOCUSABLE = 'button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';
/** A message for the whole form (above the fields), or about a list the form sends (an alert under it). */
const FORM_MESSAGE = '[data-testid="form-error"], .MuiAlert-colorError';
/** Room left between the sticky top bar (or the window's edge) and the field. */
const GAP = 16;

/** The text a person reads in `element`, without the required field's asterisk. */
function readText(element: Element | null | undefined): string {
  if (!element) return '';
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('.MuiFormLabel-asterisk, [aria-hidden="true"]').forEach((node) => node.remove());
  return (copy.textContent ?? '').replace(/\s+/g, ' ').replace(/\s*\*$/, '').trim();
}

function labelOf(box: HTMLElement, focus: HTMLElement | null): string {
  const label = readText(box.querySelector('.MuiFormLabel-root, .MuiFormControlLabel-label'));
  if (label) return label;
  if (!focus) return '';
  const labelledBy = focus.getAttribute('aria-labelledby');
  return (
    focus.getAttribute('aria-label') ||
    (labelledBy ? readText(document.getElementById(labelledBy.split(' ')[0])) : '') ||
    readText((focus as HTMLInputElement).labels?.[0])
  );
}

function messageOf(box: HTMLElement, focus: HTMLElement | null): string {
  const helper = readText(box.querySelector('.MuiFormHelperText-root.Mui-error'));
  if (helper) return helper;
  const describedBy = focus?.getAttribute('aria-describedby');
  return describedBy ? readText(document.getElementById(describedBy.split(' ')[0])) : '';
}

/** The fields `form` shows in error, in the order a person reads them. */
export function fieldsInError(form: HTMLElement): FieldInError[] {
  const boxes: HTMLElement[] = [];
  for (const mark of form.querySelectorAll<HTMLElement>(ERROR_MARKS)) {
    const box = mark.closest<HTMLElement>('.MuiFormControl-root') ?? mark.parentElement ?? mark;
    if (!form.contains(box) || boxes.some((seen) => seen === box || seen.contains(box))) continue;
    boxes.push(box);
  }
  return boxes.map((box) => {
    const focus =
      box.querySelector<HTMLElement>('[aria-invalid="true"]:not([aria-hidden="true"]):not([disabled])') ??
      box.querySelector<HTMLElement>(INPUTS) ??
      box.querySelector<HTMLElement>(FOCUSABLE) ??
      (box.matches(INPUTS) ? box : null);
    return { box, focus, label: labelOf(box, focus), message: messageOf(box, focus) };
  });
}

/** The bottom of what stays stuck at the top of the window over `element` (the top bar), in pixels. */
export function stickyTop(element: HTMLElement): number {
  // Over a dialog nothing sticks: the top bar is behind it.
  if (element.closest('.MuiModal-root, [role="dialog"]')) return 0;
  let bottom = 0;
  for (const bar of document.querySelectorAll<HTMLElement>('header, .MuiAppBar-root')) {
    const { position } = getComputedStyle(bar);
    if (position !== 'sticky' && position !== 'fixed') continue;
    const rect = bar.getBoundingClientRect();
    if (rect.top <= 1 && rect.bottom > bottom) bottom = rect.bottom;
  }
  return bottom;
}

/** Scrolls `element` into view (the window, and the dialog it is in), below the sticky top bar. */
export function revealBelowHeader(element: HTMLElement): void {
  const top = stickyTop(element);
  element.style.scrollMarginTop = `${top + GAP}px`;
  element.style.scrollMarginBottom = `${GAP}px`;
  element.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  // Where scroll-margin is not honoured: the window, once more.
  const rect = element.getBoundingClientRect();
  if (rect.top < top) window.scrollBy?.(0, rect.top - top - GAP);
}

/**
 * After a refused submit: focuses the first field in error, brings it into view and returns what
 * to announce (`summary` of the fields), or brings the form's own message into view and returns ''
 * (its alert says itself when it appears). With `focusMessage`, that message also takes the focus
 * and its words are returned to announce (said again on a second refusal in the same words, which
 * an alert already on the screen is not). Nothing in error: nothing happens, '' is returned.
 */
export function revealRefusal(
  form: HTMLElement,
  summary: (fields: FieldInError[]) => string,
  { focusMessage = false }: { focusMessage?: boolean } = {},
): string {
  const fields = fieldsInError(form);
  const first = fields[0];
  if (first) {
    first.focus?.focus({ preventScroll: true });
    revealBelowHeader(first.box);
    return summary(fields);
  }
  const message = form.querySelector<HTMLElement>(FORM_MESSAGE);
  if (!message) return '';
  revealBelowHeader(message);
  if (!focusMessage) return '';
  // An alert is no control: it takes the focus from the script only (not in the Tab order).
  if (!message.hasAttribute('tabindex')) message.setAttribute('tabindex', '-1');
  message.focus({ preventScroll: true });
  return readText(message.querySelector('.MuiAlert-message') ?? message);
}
