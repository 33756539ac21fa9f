import { useDispatch, useSelector } from 'react-redux';
import type { RootState } from './rootReducer';
import type { AppDispatch } from './store';

/** Typed `useDispatch` of this store. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
/** Typed `useSelector` of this store. */
export const useAppSelector = useSelector.withTypes<RootState>();
