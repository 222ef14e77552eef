import type { Language } from '../../i18n/languages';
import type { Role } from '../../navigation/types';

/** user_data of the session object (specification, section 3). */
export interface UserData {
  key: string;
  first_name: string;
  last_name: string;
  full_name?: string | null;
  email: string;
  phone?: string | null;
  /** Data URL of the photo, or null. */
  avatar?: string | null;
  /** A merchant's ICE (15 digits), printed on his invoices. */
  ice?: string | null;
  /** Route names the user holds, in menu order, dashboard first. */
  permissions: string[];
  [field: string]: unknown;
}

/** GET /api/user, POST /api/login and POST /api/clients answer with this. */
export interface SessionPayload {
  active: boolean;
  user_role: Role;
  user_data: UserData;
  /** The interface language kept with the account (PUT /api/users/language); null until he chooses one. */
  language?: Language | null;
}

export interface LoginBody {
  email: string;
  password: string;
  remember: boolean;
}

export interface RegisterBody {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  password_confirmation: string;
  company: string;
  city: string;
  /** The company's ICE, 15 digits; optional. */
  ice?: string;
}
