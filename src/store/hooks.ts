import { useDispatch, useSelector, useStore } from 'react-redux';
import type { RootState } from './rootReducer';
import type { AppDispatch, AppStore } from './store';

/** Typed `useDispatch` of this store. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
/** Typed `useSelector` of this store. */
export const useAppSelector = useSelector.withTypes<RootState>();
/**
 * Typed `useStore`: for reading the state once inside an event handler (e.g. an export of the track
 * as it is at the click), where subscribing with a selector would re-render for nothing.
 */
export const useAppStore = useStore.withTypes<AppStore>();
