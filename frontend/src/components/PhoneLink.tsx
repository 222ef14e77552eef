import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import Link from '@mui/material/Link';
import { Ltr } from './Ltr';

/**
 * A phone number as text, one left-to-right unit in every language: right to left « +212612345678 »
 * keeps its « + » in front, never « 212612345678+ »; « — » when there is none.
 */
export function PhoneText({ phone }: { phone: string | null | undefined }) {
  return phone ? <Ltr>{phone}</Ltr> : <>—</>;
}

/** A phone number as a `tel:` link (a tap calls it on a phone); the click does not reach the row. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <Link href={`tel:${phone}`} underline="hover" onClick={(event) => event.stopPropagation()} sx={{ whiteSpace: 'nowrap', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <PhoneOutlined sx={{ fontSize: 14 }} />
      <PhoneText phone={phone} />
    </Link>
  );
}
