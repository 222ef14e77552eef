import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type CSSProperties,
  type ElementType,
  type FormEvent,
  type InputEvent,
  type ReactNode,
  type Ref,
  type RefCallback,
} from 'react';
import { useT } from '../../i18n';
import { revealRefusal, type FieldInError } from './refusal';

export type FormProps = Omit<ComponentPropsWithoutRef<'form'>, 'onSubmit'> & {
  /**
   * The submit handler. When it is async it must return its promise (the form looks at its
   * errors once it settles): `onSubmit={submit}` with `const submit = async (event) => …`.
   */
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  /** The MUI component drawn as the <form> (a Box unless told: CardContent, Card, Stack). */
  as?: ElementType;
  sx?: SxProps<Theme>;
  ref?: Ref<HTMLFormElement>;
  /** Stack's spacing, when `as` is a Stack. */
  spacing?: number;
  /** No field in error: the message for the whole form takes the focus and is said (useRefusalReveal). */
  focusMessage?: boolean;
};

/** Out of sight, still read by screen readers. */
const HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** Once the form's errors are on screen after a refused submit: what to announce. */
function useSummary(): (fields: FieldInError[]) => string {
  const t = useT();
  return useCallback(
    (fields) =>
      t('app.fieldsToFix', {
        count: fields.length,
        fields: fields.map((field) => (field.message ? `${field.label} — ${field.message}` : field.label)).join(' ; '),
      }),
    [t],
  );
}

export interface RefusalReveal<E extends HTMLElement> {
  /** On the element that holds the fields and the error messages (the <form>, a panel, a dialog's body). */
  scope: RefCallback<E>;
  /**
   * Call once a submit was handled (refused or not): after the render that shows its errors, the
   * first field in error takes the focus, comes into view below the sticky top bar and is said.
   */
  handled: () => void;
  /** Empties what was said (the person types again). */
  quiet: () => void;
  /** The live region that says it: render it inside the scope. */
  announcer: ReactNode;
}

/**
 * The refusal mechanism of every form (Form below uses it), for a panel too that is no <form>
 * (its button sends a list of ticked rows, a dialog confirms first): once the errors of a refused
 * submit show, the first field in error takes the focus, comes into view below the sticky top
 * bar, and a live region says « 1 champ à corriger : Téléphone — … ». With no field in error,
 * the message for the whole form (its error alert) comes into view; with `focusMessage` it also
 * takes the focus and is said (a panel whose only error is about its list: else it shows where
 * nobody may look, and a screen reader hears nothing the second time the same words show).
 */
export function useRefusalReveal<E extends HTMLElement = HTMLElement>({ focusMessage = false }: { focusMessage?: boolean } = {}): RefusalReveal<E> {
  const summary = useSummary();
  const element = useRef<E | null>(null);
  const region = useRef<HTMLDivElement>(null);
  const again = useRef<number | undefined>(undefined);
  // Bumped once a submit has been handled (its promise settled): the effect below then runs after
  // the render that shows the handler's errors (and enables the fields again).
  const [count, setCount] = useState(0);

  const scope = useCallback((node: E | null) => {
    element.current = node;
  }, []);

  const reveal = useEffectEvent(() => {
    if (!element.current || !region.current) return;
    const text = revealRefusal(element.current, summary, { focusMessage });
    const live = region.current;
    window.clearTimeout(again.current);
    if (!text) {
      live.textContent = '';
      return;
    }
    if (live.textContent !== text) {
      live.textContent = text;
      return;
    }
    // The same words again: emptied first, so that they are said again.
    live.textContent = '';
    again.current = window.setTimeout(() => {
      live.textContent = text;
    }, 100);
  });

  useEffect(() => {
    if (count > 0) reveal();
  }, [count]);
  useEffect(() => () => window.clearTimeout(again.current), []);

  const handled = useCallback(() => setCount((value) => value + 1), []);
  const quiet = useCallback(() => {
    window.clearTimeout(again.current);
    if (region.current?.textContent) region.current.textContent = '';
  }, []);
  const announcer = <div ref={region} role="status" aria-live="polite" aria-atomic="true" data-testid="form-announcer" style={HIDDEN} />;
  return { scope, handled, quiet, announcer };
}

/**
 * The app's <form>: `noValidate`, and a save it refuses (its own checks or the server's 422 with
 * field messages) never goes unseen (useRefusalReveal): once the errors show, the first field in
 * error takes the focus and comes into view below the sticky top bar, and a live region says
 * « 1 champ à corriger : Téléphone — … ». A message for the whole form (above the fields) comes
 * into view (and, with `focusMessage`, takes the focus and is said). Every form of the app is one
 * of these (FormDialog's too).
 */
export function Form({ as: Component = Box, onSubmit, onInput, ref, noValidate = true, focusMessage = false, children, ...props }: FormProps) {
  const refusal = useRefusalReveal<HTMLFormElement>({ focusMessage });
  const { scope } = refusal;

  const setRef = useCallback(
    (element: HTMLFormElement | null) => {
      scope(element);
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [ref, scope],
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const result = onSubmit(event);
    const done = refusal.handled;
    if (result && typeof (result as PromiseLike<unknown>).then === 'function') (result as PromiseLike<unknown>).then(done, done);
    else done();
  };

  // Once the person types or ticks, what was said is done with: nothing stale is left to read.
  const input = (event: InputEvent<HTMLFormElement>) => {
    refusal.quiet();
    onInput?.(event);
  };

  return (
    <Component component="form" ref={setRef} noValidate={noValidate} onSubmit={submit} onInput={input} {...props}>
      {children}
      {refusal.announcer}
    </Component>
  );
}
