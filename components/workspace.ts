"use client";

import { createContext, useContext } from "react";
import { can, type Action, type Role } from "@/lib/workspaces/permissions";

export const RoleContext = createContext<Role>("viewer");

/** The signed-in member's role in the active workspace (the layout renders it). */
export const useRole = () => useContext(RoleContext);

/** Whether the page should offer an action; the server decides again on every call. */
export const useCan = (action: Action) => can(useRole(), action).ok;
