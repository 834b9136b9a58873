"use client";

import { useState, type ReactNode } from "react";

/**
 * Renders `children` from the first time `open` is true, then keeps them mounted. For dialogs
 * whose code is loaded with next/dynamic: the page does not download, parse or render them until
 * they are first opened, and once mounted a native <dialog> returns focus to its opener on close
 * (an unmounted one could not).
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? children : null;
}
