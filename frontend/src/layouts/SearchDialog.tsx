import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import Chip from '@mui/material/Chip';
import Search from '@mui/icons-material/Search';
import Dialog from '@mui/material/Dialog';
import InputAdornment from '@mui/material/InputAdornment';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import LinearProgress from '@mui/material/LinearProgress';
import ListSubheader from '@mui/material/ListSubheader';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../core/hooks';
import { MoneyText } from '../components/MoneyText';
import { selectSessionInfo } from '../core/session/authSlice';
import { ParcelStatusChip } from '../components/parcel/ParcelStatusChip';
import { useParcelSearch } from '../components/parcel/search';
import type { Parcel } from '../components/parcel/api';
import { useT, type MessageKey } from '../i18n';
import { pathOf } from '../navigation/access';
import { routeIcon } from '../navigation/icons';
import { NOT_FOUND_PATH } from '../navigation/routes';
import {
  invoicePath,
  personPath,
  searchesCodes,
  useGlobalSearch,
  voucherPath,
  type SearchInvoice,
  type SearchPerson,
  type SearchTicket,
  type SearchVoucher,
} from './globalSearch';
import { SEARCH_FOCUS_DELAY_MS } from '../theme/constants';
import { searchPages, type SearchEntry } from './searchPages';
import { Ltr } from '../components/Ltr';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Pages the user may open. */
  pages: readonly SearchEntry[];
}

/**
 * The top-bar search over the pages the user may open and, for those who hold a parcel list,
 * the parcels (code, phone, name or reference on the server); for admins the people (merchants
 * and delivery people); for those with `support`, the tickets; vouchers by code and invoices by
 * number, each opening its drawer on the caller's list: 5 results per type at most.
 */
export function SearchDialog({ open, onClose, pages }: Props) {
  const t = useT();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const baseId = useId();
  const listId = `${baseId}-results`;
  const [query, setQuery] = useState('');
  const [highlight, setHighlight] = useState(0);
  const results = useMemo(() => searchPages(pages, query), [pages, query]);
  const parcelSearch = useParcelSearch(query, open);
  const { parcels } = parcelSearch;
  const session = useAppSelector(selectSessionInfo);
  const supportPath = pathOf('support', session);
  const searchesPeople = session.role === 'admin' && ['clients', 'deliverymen'].some((name) => pathOf(name, session) !== NOT_FOUND_PATH);
  const searchesTickets = supportPath !== NOT_FOUND_PATH;
  const others = useGlobalSearch(query, open && (searchesPeople || searchesTickets || searchesCodes(session)));
  const people = searchesPeople ? others.people.filter((person) => personPath(person, session) !== null) : [];
  const tickets = searchesTickets ? others.tickets : [];
  // Only what the caller has a screen for.
  const vouchers = others.vouchers.filter((voucher) => voucherPath(voucher, session) !== null);
  const invoices = others.invoices.filter((invoice) => invoicePath(invoice, session) !== null);
  const peopleStart = results.length + parcels.length;
  const ticketsStart = peopleStart + people.length;
  const vouchersStart = ticketsStart + tickets.length;
  const invoicesStart = vouchersStart + vouchers.length;
  const count = invoicesStart + invoices.length;
  const loading = parcelSearch.loading || others.loading;

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

  const openParcel = (parcel: Parcel) => {
    close();
    navigate(parcelSearch.pathOf(parcel));
  };

  const openPerson = (person: SearchPerson) => {
    const path = personPath(person, session);
    close();
    if (path) navigate(path);
  };

  const openTicket = (ticket: SearchTicket) => {
    close();
    navigate(`${supportPath}?ticket=${encodeURIComponent(ticket.key)}`);
  };

  const openVoucher = (voucher: SearchVoucher) => {
    const path = voucherPath(voucher, session);
    close();
    if (path) navigate(path);
  };

  const openInvoice = (invoice: SearchInvoice) => {
    const path = invoicePath(invoice, session);
    close();
    if (path) navigate(path);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setHighlight((index) => Math.min(index + 1, Math.max(count - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setHighlight((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter' && highlight < results.length && results[highlight]) {
      event.preventDefault();
      go(results[highlight]);
    } else if (event.key === 'Enter' && highlight < peopleStart && parcels[highlight - results.length]) {
      event.preventDefault();
      openParcel(parcels[highlight - results.length]);
    } else if (event.key === 'Enter' && highlight < ticketsStart && people[highlight - peopleStart]) {
      event.preventDefault();
      openPerson(people[highlight - peopleStart]);
    } else if (event.key === 'Enter' && highlight < vouchersStart && tickets[highlight - ticketsStart]) {
      event.preventDefault();
      openTicket(tickets[highlight - ticketsStart]);
    } else if (event.key === 'Enter' && highlight < invoicesStart && vouchers[highlight - vouchersStart]) {
      event.preventDefault();
      openVoucher(vouchers[highlight - vouchersStart]);
    } else if (event.key === 'Enter' && invoices[highlight - invoicesStart]) {
      event.preventDefault();
      openInvoice(invoices[highlight - invoicesStart]);
    }
  };

  // The input keeps the focus (a combobox): the arrows move the highlighted option, which the
  // input names (aria-activedescendant) and which stays in sight.
  const optionId = (index: number) => `${baseId}-option-${index}`;
  useEffect(() => {
    if (open && count > 0) document.getElementById(`${baseId}-option-${highlight}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, count, highlight, baseId]);

  /** One result: an option of the list box, picked with a click or Enter in the input. */
  const option = (index: number, pick: () => void, testId: string, children: ReactNode, gap?: number) => (
    <ListItemButton
      key={optionId(index)}
      id={optionId(index)}
      role="option"
      aria-selected={index === highlight}
      tabIndex={-1}
      dense
      selected={index === highlight}
      onClick={pick}
      onMouseEnter={() => setHighlight(index)}
      data-testid={testId}
      sx={{ mx: 1, gap }}
    >
      {children}
    </ListItemButton>
  );

  /** A kind of result: a group of options under its heading. */
  const group = (name: string, title: string, testId: string | undefined, children: ReactNode) => (
    <Box role="group" aria-labelledby={`${baseId}-${name}`} data-testid={testId} sx={{ pb: 2 }}>
      <ListSubheader component="div" id={`${baseId}-${name}`} disableSticky sx={{ bgcolor: 'transparent' }}>
        {title}
      </ListSubheader>
      {children}
    </Box>
  );

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
        placeholder={parcelSearch.enabled ? t('topbar.searchPlaceholderParcels') : t('topbar.searchPlaceholder')}
        fullWidth
        inputProps={{
          role: 'combobox',
          'aria-label': t('topbar.search'),
          'aria-autocomplete': 'list',
          'aria-expanded': count > 0,
          'aria-controls': count > 0 ? listId : undefined,
          'aria-activedescendant': count > 0 ? optionId(Math.min(highlight, count - 1)) : undefined,
          'data-testid': 'search-input',
        }}
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
      {loading && <LinearProgress sx={{ mx: 2, height: 2 }} aria-label={t('app.loading')} />}
      {count > 0 && (
        <Box role="listbox" id={listId} aria-label={t('topbar.search')} data-testid="search-results" sx={{ pt: 1 }}>
          {results.length > 0 &&
            group(
              'pages',
              t('topbar.searchPages'),
              undefined,
              results.map((entry, index) => {
                const Icon = routeIcon(entry.name);
                return option(
                  index,
                  () => go(entry),
                  'search-result',
                  <>
                    <ListItemIcon>
                      <Icon fontSize="small" />
                    </ListItemIcon>
                    <ListItemText primary={entry.title} secondary={<bdi>{entry.path}</bdi>} />
                  </>,
                );
              }),
            )}
          {parcels.length > 0 &&
            group(
              'parcels',
              t('section.parcels'),
              'search-parcels',
              parcels.map((parcel, index) =>
                option(
                  results.length + index,
                  () => openParcel(parcel),
                  'search-parcel',
                  <>
                    <ListItemIcon>
                      <Inventory2Outlined fontSize="small" />
                    </ListItemIcon>
                    <ListItemText
                      primary={
                        <>
                          <bdi style={{ fontFamily: 'monospace', fontWeight: 600 }}>{parcel.key}</bdi> · {parcel.recipient_name}
                        </>
                      }
                      secondary={<Ltr>{parcel.recipient_phone}</Ltr>}
                    />
                    <ParcelStatusChip status={parcel.status} label={parcel.status_label} />
                  </>,
                  1,
                ),
              ),
            )}
          {people.length > 0 &&
            group(
              'people',
              t('topbar.searchPeople'),
              'search-people',
              people.map((person, index) =>
                option(
                  peopleStart + index,
                  () => openPerson(person),
                  'search-person',
                  <>
                    <ListItemIcon>
                      <PersonOutlined fontSize="small" />
                    </ListItemIcon>
                    <ListItemText primary={person.name} secondary={person.company ?? t(person.role === 'client' ? 'route.clients' : 'route.deliverymen')} />
                  </>,
                ),
              ),
            )}
          {tickets.length > 0 &&
            group(
              'tickets',
              t('topbar.searchTickets'),
              'search-tickets',
              tickets.map((ticket, index) =>
                option(
                  ticketsStart + index,
                  () => openTicket(ticket),
                  'search-ticket',
                  <>
                    <ListItemIcon>
                      <SupportAgentOutlined fontSize="small" />
                    </ListItemIcon>
                    <ListItemText
                      primary={
                        <>
                          <bdi style={{ fontFamily: 'monospace', fontWeight: 600 }}>{ticket.code}</bdi> · {ticket.subject}
                        </>
                      }
                    />
                    <Chip
                      size="small"
                      variant="outlined"
                      label={['open', 'answered', 'closed'].includes(ticket.status) ? t(`topbar.ticketStatus.${ticket.status}` as MessageKey) : ticket.status}
                      data-status={ticket.status}
                    />
                  </>,
                  1,
                ),
              ),
            )}
          {vouchers.length > 0 &&
            group(
              'vouchers',
              t('topbar.searchVouchers'),
              'search-vouchers',
              vouchers.map((voucher, index) =>
                option(
                  vouchersStart + index,
                  () => openVoucher(voucher),
                  'search-voucher',
                  <>
                    <ListItemIcon>
                      <ReceiptLongOutlined fontSize="small" />
                    </ListItemIcon>
                    <ListItemText
                      primary={
                        <>
                          <bdi style={{ fontFamily: 'monospace', fontWeight: 600 }}>{voucher.code}</bdi> · {t(`topbar.voucherKind.${voucher.kind}` as MessageKey)}
                        </>
                      }
                    />
                    <Chip
                      size="small"
                      variant="outlined"
                      label={['new', 'received'].includes(voucher.status) ? t(`topbar.voucherStatus.${voucher.status}` as MessageKey) : voucher.status}
                      data-status={voucher.status}
                    />
                  </>,
                  1,
                ),
              ),
            )}
          {invoices.length > 0 &&
            group(
              'invoices',
              t('topbar.searchInvoices'),
              'search-invoices',
              invoices.map((invoice, index) =>
                option(
                  invoicesStart + index,
                  () => openInvoice(invoice),
                  'search-invoice',
                  <>
                    <ListItemIcon>
                      <RequestQuoteOutlined fontSize="small" />
                    </ListItemIcon>
                    <ListItemText
                      primary={
                        <>
                          <bdi style={{ fontFamily: 'monospace', fontWeight: 600 }}>{invoice.number}</bdi> · {t(`topbar.invoiceKind.${invoice.kind}` as MessageKey)}
                        </>
                      }
                      secondary={<MoneyText centimes={invoice.total} />}
                    />
                    <Chip
                      size="small"
                      variant="outlined"
                      label={['validated', 'paid'].includes(invoice.status) ? t(`topbar.invoiceStatus.${invoice.status}` as MessageKey) : invoice.status}
                      data-status={invoice.status}
                    />
                  </>,
                  1,
                ),
              ),
            )}
        </Box>
      )}
      {count === 0 && !loading && (
        <Typography color="text.secondary" sx={{ px: 3, pb: 3 }}>
          {query ? t('topbar.searchNoResult', { query }) : parcelSearch.enabled ? t('topbar.searchHintParcels') : t('topbar.searchHint')}
        </Typography>
      )}
    </Dialog>
  );
}
