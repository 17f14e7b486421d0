import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readSession, sameSession, type Role, type SessionSnapshot } from './session';

/** Mirror of the localStorage session (session.ts stays the source of truth). */
export const authSlice = createSlice({
  name: 'auth',
  initialState: (): SessionSnapshot => readSession(),
  reducers: {
    sessionChanged: (state, action: PayloadAction<SessionSnapshot>) =>
      sameSession(state, action.payload) ? state : action.payload,
  },
  selectors: {
    selectSession: (state) => state,
    selectUsername: (state) => state.username,
  },
});

export const { sessionChanged } = authSlice.actions;
export const { selectSession, selectUsername } = authSlice.selectors;

export const selectIsLoggedIn = (state: { auth: SessionSnapshot }, role: Role): boolean =>
  state.auth.loggedIn[role];
