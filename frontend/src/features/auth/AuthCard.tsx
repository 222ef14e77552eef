import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  subtitle?: string;
  children: ReactNode;
  width?: number;
  testId?: string;
}

/** The card in the middle of the sign-in, registration and activation pages. */
export function AuthCard({ title, subtitle, children, width = 440, testId }: Props) {
  return (
    <Card sx={{ width: '100%', maxWidth: width }} data-testid={testId}>
      <CardContent sx={{ p: { xs: 3, sm: 4.5 }, '&:last-child': { pb: { xs: 3, sm: 4.5 } } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 0.75 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
