import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import Link from '@mui/material/Link';
import { Ltr } from './Ltr';

/** A phone number as a `tel:` link (a tap calls it on a phone); the click does not reach the row. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <Link href={`tel:${phone}`} underline="hover" onClick={(event) => event.stopPropagation()} sx={{ whiteSpace: 'nowrap', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <PhoneOutlined sx={{ fontSize: 14 }} />
      <Ltr>{phone}</Ltr>
    </Link>
  );
}
