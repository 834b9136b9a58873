"use client";

import { createContext, useContext } from "react";

export const CsrfContext = createContext<string>("");

/** The per-user CSRF token the server layout rendered; useApi sends it as x-csrf-token. */
export const useCsrfToken = () => useContext(CsrfContext);
