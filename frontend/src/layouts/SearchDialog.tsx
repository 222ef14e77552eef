import Search from '@mui/icons-material/Search';
import Dialog from '@mui/material/Dialog';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../i18n';
import { routeIcon } from '../navigation/icons';
import { SEARCH_FOCUS_DELAY_MS } from '../theme/constants';
import { searchPages, type SearchEntry } from './searchPages';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Pages the user may open. */
  pages: readonly SearchEntry[];
}

/** The top-bar search over the pages the user may open (5 results per type at most). */
export function SearchDialog({ open, onClose, pages }: Props) {
  const t = useT();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [highlight, setHighlight] = useState(0);
  const results = useMemo(() => searchPages(pages, query), [pages, query]);

  useEffect(() => {
    if (!open) return;
    // Focus once the dialog has finished opening.
    const timer = window.setTimeout(() => inputRef.current?.focus(), SEARCH_FOCUS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [open]);

  const close = () => {
    setQuery('');
    setHighlight(0);
    onClose();
  };

  const go = (entry: SearchEntry) => {
    close();
    navigate(entry.path);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setHighlight((index) => Math.min(index + 1, Math.max(results.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setHighlight((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter' && results[highlight]) {
      event.preventDefault();
      go(results[highlight]);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-label={t('topbar.search')}
      slotProps={{ paper: { sx: { alignSelf: 'flex-start', mt: 10 } } }}
      data-testid="search-dialog"
    >
      <OutlinedInput
        inputRef={inputRef}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setHighlight(0);
        }}
        onKeyDown={onKeyDown}
        placeholder={t('topbar.searchPlaceholder')}
        fullWidth
        inputProps={{ 'aria-label': t('topbar.search'), 'data-testid': 'search-input' }}
        startAdornment={
          <InputAdornment position="start">
            <Search />
          </InputAdornment>
        }
        endAdornment={
          <InputAdornment position="end">
            <Typography variant="caption" color="text.secondary">
              Esc
            </Typography>
          </InputAdornment>
        }
        sx={{ m: 2, mb: 1, width: 'auto' }}
      />
      {results.length > 0 ? (
        <List
          dense
          subheader={
            <ListSubheader disableSticky sx={{ bgcolor: 'transparent' }}>
              {t('topbar.searchPages')}
            </ListSubheader>
          }
          sx={{ pb: 2 }}
        >
          {results.map((entry, index) => {
            const Icon = routeIcon(entry.name);
            return (
              <ListItemButton
                key={entry.name}
                selected={index === highlight}
                onClick={() => go(entry)}
                onMouseEnter={() => setHighlight(index)}
                data-testid="search-result"
                sx={{ mx: 1 }}
              >
                <ListItemIcon>
                  <Icon fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={entry.title} secondary={<bdi>{entry.path}</bdi>} />
              </ListItemButton>
            );
          })}
        </List>
      ) : (
        <Typography color="text.secondary" sx={{ px: 3, pb: 3 }}>
          {query ? t('topbar.searchNoResult', { query }) : t('topbar.searchHint')}
        </Typography>
      )}
    </Dialog>
  );
}
