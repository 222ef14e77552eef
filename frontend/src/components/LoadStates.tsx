import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface LoadStatesProps {
  loading: boolean;
  failed: boolean;
  empty: boolean;
  failedText: string;
  emptyText: string;
  emptyTestId?: string;
  /** The loaded, non-empty content. */
  children: ReactNode;
}

/** A small list's four states in a card: loading, failed, empty, or its content. */
export function LoadStates({ loading, failed, empty, failedText, emptyText, emptyTestId, children }: LoadStatesProps) {
  if (loading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress size={24} />
      </Box>
    );
  }
  if (failed) return <Alert severity="error">{failedText}</Alert>;
  if (empty) {
    return (
      <Typography color="text.secondary" data-testid={emptyTestId}>
        {emptyText}
      </Typography>
    );
  }
  return <>{children}</>;
}
