import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { productName } from '../config';

interface Props {
  size?: number;
  /** Show the product name next to the mark. */
  withName?: boolean;
}

/** The product mark (a parcel) and, optionally, its name. */
export function BrandLogo({ size = 32, withName = false }: Props) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <Box
        component="svg"
        viewBox="0 0 64 64"
        aria-hidden
        sx={{ width: size, height: size, flexShrink: 0, display: 'block' }}
      >
        <rect width="64" height="64" rx="14" fill="#15B9E1" />
        <path
          d="M16 24 32 16l16 8v16L32 48 16 40z M16 24l16 8 16-8 M32 32v16"
          fill="none"
          stroke="#fff"
          strokeWidth="4"
          strokeLinejoin="round"
        />
      </Box>
      {withName && (
        <Typography
          component="span"
          variant="h6"
          noWrap
          sx={{ fontWeight: 700, letterSpacing: '0.02em', color: 'text.primary' }}
        >
          {productName()}
        </Typography>
      )}
    </Box>
  );
}
