/** The shared conversations (copied from ../shared/fixtures), loaded by name. */
export type Row = Record<string, unknown>;

export const FIXTURE_NAMES = [
  'extracted-items',
  'markdown-rich',
  'sagents-ask-user-and-todos',
  'sagents-hitl-file-delete',
  'sagents-refusal-and-tools',
  'sagents-stopped-early',
] as const;

export async function loadFixture(name: string): Promise<Row[]> {
  const response = await fetch(new URL(`./fixtures/${name}.json`, import.meta.url));
  return (await response.json()) as Row[];
}
