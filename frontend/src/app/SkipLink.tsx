import Box from '@mui/material/Box';
import type { MouseEvent } from 'react';
import { useT } from '../i18n';

/** The id of every layout's <main> (ContentLayout, BlankLayout). */
export const MAIN_CONTENT_ID = 'main-content';

/** Moves the focus to the screen's main content: the next Tab reaches its first control. */
function skip(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  // No "#main-content" in the address: the focus moves, the route stays as it is.
  event.preventDefault();
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  // The focus is a starting point for Tab, not a control: no ring around the whole screen.
  main.style.outline = 'none';
  main.focus();
}

/**
 * « Aller au contenu »: first in the tab order of every page, out of sight until the keyboard
 * reaches it, then shown at the top corner over everything; Enter skips the top bar and the menu.
 */
export function SkipLink() {
  const t = useT();
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      data-testid="skip-link"
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1.5,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        textDecoration: 'underline',
        boxShadow: 6,
        '&:focus': { outline: (theme) => `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
        '&:not(:focus)': {
          width: '1px',
          height: '1px',
          p: 0,
          overflow: 'hidden',
          clipPath: 'inset(50%)',
          whiteSpace: 'nowrap',
        },
      }}
    >
      {t('app.skipToContent')}
    </Box>
  );
}
