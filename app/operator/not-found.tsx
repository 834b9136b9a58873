// The console's own not-found boundary is the ordinary 404 page: caught here, below the console's
// layout (which renders nothing of its own for non-operators), Next renders it on the server like
// any unknown address, where the root boundary answered an empty error shell.
export { default, metadata } from "../not-found";
