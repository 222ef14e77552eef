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
  type Ref,
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

/**
 * The app's <form>: `noValidate`, and a save it refuses (its own checks or the server's 422 with
 * field messages) never goes unseen: once the errors show, the first field in error takes the
 * focus and comes into view below the sticky top bar, and a live region says « 1 champ à
 * corriger : Téléphone — … ». A message for the whole form (above the fields) comes into view.
 * Every form of the app is one of these (FormDialog's too).
 */
export function Form({ as: Component = Box, onSubmit, onInput, ref, noValidate = true, children, ...props }: FormProps) {
  const summary = useSummary();
  const form = useRef<HTMLFormElement | null>(null);
  const region = useRef<HTMLDivElement>(null);
  const again = useRef<number | undefined>(undefined);
  // Bumped once a submit has been handled (its promise settled): the effect below then runs after
  // the render that shows the handler's errors (and enables the fields again).
  const [handled, setHandled] = useState(0);

  const setRef = useCallback(
    (element: HTMLFormElement | null) => {
      form.current = element;
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [ref],
  );

  const reveal = useEffectEvent(() => {
    if (!form.current || !region.current) return;
    const text = revealRefusal(form.current, summary);
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
    if (handled > 0) reveal();
  }, [handled]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const result = onSubmit(event);
    const done = () => setHandled((count) => count + 1);
    if (result && typeof (result as PromiseLike<unknown>).then === 'function') (result as PromiseLike<unknown>).then(done, done);
    else done();
  };

  // Once the person types or ticks, what was said is done with: nothing stale is left to read.
  const input = (event: InputEvent<HTMLFormElement>) => {
    window.clearTimeout(again.current);
    if (region.current?.textContent) region.current.textContent = '';
    onInput?.(event);
  };

  return (
    <Component component="form" ref={setRef} noValidate={noValidate} onSubmit={submit} onInput={input} {...props}>
      {children}
      <div ref={region} role="status" aria-live="polite" aria-atomic="true" data-testid="form-announcer" style={HIDDEN} />
    </Component>
  );
}
