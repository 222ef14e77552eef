import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { daysBefore, today } from './dates';
import { FormTextField } from './FormTextField';

/** A period of days asked of the server (`?from=&to=`): the last 30 days until chosen. */
export function usePeriod() {
  const [from, setFrom] = useState(() => daysBefore(29));
  const [to, setTo] = useState(() => today());
  return { from, to, setFrom, setTo, query: { from: from || undefined, to: to || undefined } };
}

interface Props {
  period: ReturnType<typeof usePeriod>;
  legend: string;
  fromLabel: string;
  toLabel: string;
  /** The server's 422 on `from` or `to`, under its field. */
  errors?: Record<string, string | undefined> | null;
}

/** The two days of a period, side by side (also on a phone), with the server's refusals under them. */
export function PeriodFields({ period, legend, fromLabel, toLabel, errors }: Props) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1.5 }}>
        {legend}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(2, 200px)' } }}>
        <FormTextField
          type="date"
          name="from"
          label={fromLabel}
          value={period.from}
          onChange={(event) => period.setFrom(event.target.value)}
          error={Boolean(errors?.from)}
          helperText={errors?.from}
          shrinkLabel
        />
        <FormTextField
          type="date"
          name="to"
          label={toLabel}
          value={period.to}
          onChange={(event) => period.setTo(event.target.value)}
          error={Boolean(errors?.to)}
          helperText={errors?.to}
          shrinkLabel
        />
      </Box>
    </Box>
  );
}
