// Examples shown at the end of `pwctl --help` and of each noun's help: the first commands a
// new user wants, in one place so they read as a set. Verbs keep theirs beside their flags.

export const ROOT_EXAMPLES = [
  'pwctl --sandbox steps list --limit 5     # try it with no account',
  'pwctl auth login',
  'pwctl steps list --open -o json',
  'pwctl docs get <uuid> --fields content > brief.md',
  'pwctl api /api/v1/projects/31',
];

export const NOUN_EXAMPLES: Record<string, readonly string[]> = {
  docs: [
    'pwctl docs list --project 31 --client-visible',
    'pwctl docs create --title "Kick-off notes" --project 31 --content-file notes.md',
    'pwctl docs edit <uuid>',
  ],
  steps: [
    'pwctl steps list --open --has-due-date --include tags',
    'pwctl steps create --phase 7 --title "Draft the brief" --due 2026-12-15',
    'pwctl steps list --open -o ndjson | pwctl steps complete -',
  ],
  tags: ['pwctl tags list 42', 'pwctl tags add 42 urgent "client review" 12', 'pwctl tags set 42 --clear'],
  milestones: [
    'pwctl milestones list --project 31',
    'pwctl milestones create --project 31 --title "Beta" --due 2026-12-01 --color \'#1e90ff\'',
    'pwctl milestones delete 5 --yes',
  ],
  webhooks: [
    'pwctl webhooks create --url https://example.com/hooks --event task.completed --company 1',
    'pwctl webhooks pause 12 && pwctl webhooks resume 12',
    'pwctl webhooks listen --forward-to task.completed=http://localhost:3000/hooks',
  ],
  auth: ['pwctl auth login', 'printf %s "$TOKEN" | pwctl auth login --with-token', 'pwctl auth login --profile staging --base-url https://staging.example.com', 'pwctl auth status'],
  config: ['pwctl config set company 1', 'pwctl config get base_url', 'pwctl config list'],
  sandbox: ['pwctl sandbox serve --port 8080 -o json', 'pwctl --sandbox steps list', 'pwctl sandbox reset'],
};

/** The "Examples:" block of a help text. */
export function examplesText(examples: readonly string[]): string {
  return `\nExamples:\n${examples.map((line) => `  ${line}`).join('\n')}`;
}
