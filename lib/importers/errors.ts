/** A file the importer cannot use, or an import it refused; nothing was written. */
export class ImportError extends Error {}
