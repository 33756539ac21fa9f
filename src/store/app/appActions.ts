import { createAction } from '@reduxjs/toolkit';

/**
 * A lazily loaded chunk of the app failed to load (a dynamic import rejected, typically because a
 * newer build replaced the chunk files): the app restarts (spec application-behaviour §8 "A chunk load
 * error shows an app-restart notice and reloads after 6 s"). Dispatched from src/app/main.tsx on Vite's
 * `vite:preloadError`.
 */
export const chunkLoadFailed = createAction<{ readonly message: string }>('app/chunkLoadFailed');
