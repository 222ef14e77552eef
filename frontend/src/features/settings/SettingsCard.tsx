import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formErrors } from '../../core/session/errors';
import { useT } from '../../i18n';

/**
 * One card of the company settings: its heading (`{name}-title`, `{name}-intro`), a spinner or
 * the error while its setting loads, then the form `render` draws from it under the same heading.
 */
export function SettingsCard<T>({
  name,
  title,
  intro,
  query,
  render,
}: {
  name: string;
  title: string;
  intro: string;
  query: { data?: T; isError: boolean; error?: unknown };
  render: (data: T, heading: ReactNode) => ReactNode;
}) {
  const t = useT();
  const heading = (
    <Box>
      <Typography variant="subtitle1" component="h2" id={`${name}-title`} sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid={`${name}-intro`}>
        {intro}
      </Typography>
    </Box>
  );
  return (
    <Card component="section" aria-labelledby={`${name}-title`} data-testid={name}>
      {query.data ? (
        render(query.data, heading)
      ) : (
        <CardContent>
          <Stack spacing={3}>
            {heading}
            {query.isError ? (
              <Alert severity="error">{formErrors(query.error, t).form}</Alert>
            ) : (
              <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
                <CircularProgress aria-label={t('app.loading')} />
              </Box>
            )}
          </Stack>
        </CardContent>
      )}
    </Card>
  );
}
