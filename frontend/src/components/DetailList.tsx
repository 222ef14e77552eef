import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled block of label/value pairs, two columns (the details of a parcel, a voucher…). */
export function DetailSection({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Box data-testid={testId}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Divider sx={{ mb: 1.5 }} />
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2, rowGap: 1.5, m: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * One label and its value in a DetailSection; `wide` spans both columns. A text value (an address,
 * a product someone typed) keeps its own direction: « 18 boulevard Allal El Fassi » stays so in an
 * Arabic page instead of « boulevard Allal El Fassi 18 ».
 */
export function DetailField({ label, value, wide, testId }: { label: string; value: ReactNode; wide?: boolean; testId?: string }) {
  return (
    <Box sx={{ gridColumn: wide ? '1 / -1' : undefined, minWidth: 0 }} data-testid={testId}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {typeof value === 'string' ? <bdi>{value}</bdi> : value}
      </Typography>
    </Box>
  );
}
