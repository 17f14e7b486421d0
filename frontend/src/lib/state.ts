import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { api } from './api';
import type { authSlice } from './auth-slice';

/**
 * The state and dispatch the store (app/store.ts) is made of, declared from the two slices so that
 * lib/ and the features get typed hooks without importing the app; app/store.ts checks that its
 * store matches.
 */
export type RootState = {
  [api.reducerPath]: ReturnType<typeof api.reducer>;
  [authSlice.reducerPath]: ReturnType<typeof authSlice.reducer>;
};
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;
