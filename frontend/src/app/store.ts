import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../lib/api';
import { authSlice } from '../lib/auth-slice';
import type { AppDispatch, RootState } from '../lib/state';

const rootReducer = combineSlices(api, authSlice);

export function makeStore() {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;

// lib/state.ts declares what the hooks see: the store's state must be exactly that, and its
// dispatch must do at least what AppDispatch promises (both checked by tsc).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const stateMatches: Same<ReturnType<AppStore['getState']>, RootState> = true;
const dispatchFits: AppStore['dispatch'] extends AppDispatch ? true : false = true;
void stateMatches;
void dispatchFits;
