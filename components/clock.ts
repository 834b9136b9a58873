"use client";

import { createContext, useContext } from "react";

/** When the server rendered the page, until the page has hydrated; then null. */
export const RenderedAtContext = createContext<number | null>(null);

/**
 * "Now" for text that depends on it (relative times, a key's status, the month's pace): the
 * server's render time while the page hydrates, so the browser's first render prints what the
 * server printed (seconds later a "just now" may read "1 minute ago", a hydration mismatch), and
 * the browser's clock from then on.
 */
export const useNow = () => useContext(RenderedAtContext) ?? Date.now();

/** True in the server render and the browser's hydration of it: nothing browser-only may show yet. */
export const useHydrating = () => useContext(RenderedAtContext) !== null;
