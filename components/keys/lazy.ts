import dynamic from "next/dynamic";

// The dialogs are fetched when first opened (OnceOpened): with the restriction fields they were a
// third of the page's own script (its chunk went from 36 to 23 KiB).
export const CreateKeyDialog = dynamic(() => import("./CreateKeyDialog").then((m) => m.CreateKeyDialog), {
  ssr: false,
});
export const SecretDialog = dynamic(() => import("./SecretDialog").then((m) => m.SecretDialog), {
  ssr: false,
});
export const RollKeyDialog = dynamic(() => import("./RollKeyDialog").then((m) => m.RollKeyDialog), {
  ssr: false,
});
export const EditKeyDialog = dynamic(() => import("./EditKeyDialog").then((m) => m.EditKeyDialog), {
  ssr: false,
});
export const DisableKeyDialog = dynamic(() => import("./DisableKeyDialog").then((m) => m.DisableKeyDialog), {
  ssr: false,
});
export const RevokeKeyDialog = dynamic(() => import("./RevokeKeyDialog").then((m) => m.RevokeKeyDialog), {
  ssr: false,
});
