// Placeholder until the demo-data generator lands (issue 2).
export async function seed(_opts: { scale: number; quiet?: boolean }): Promise<void> {}
export async function seedIfEmpty(): Promise<void> {}
