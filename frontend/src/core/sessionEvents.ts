import { createAction } from '@reduxjs/toolkit';

/** The server answered 401: the session is gone, the user must sign in again. */
export const sessionExpired = createAction('session/expired');
