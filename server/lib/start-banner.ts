/** What the server prints once it listens: where it runs, where it keeps things, and how to sign in. */
export type StartBanner = {
  url: string;
  seconds: string;
  database: string;
  storage: string;
  /** The demo sign-ins, when the demo data was seeded (none with `SEED=none`: nobody to sign in as). */
  demo?: { password: string; admin: string; member: string; noCompany: string };
};

export function startBanner({ url, seconds, database, storage, demo }: StartBanner): string {
  const lines = [
    '',
    `  Workspace is running at ${url}  (ready in ${seconds} s, ${database})`,
    `  Files are stored on ${storage}`,
  ];
  if (demo) {
    const accounts = [
      [demo.admin, 'an admin'],
      [demo.member, 'a member'],
      [demo.noCompany, 'someone in no company'],
    ] as const;
    const width = Math.max(...accounts.map(([email]) => email.length));
    lines.push(
      '',
      `  Sign in with the password ${demo.password} as`,
      ...accounts.map(([email, who]) => `    ${email.padEnd(width)}  ${who}`),
    );
  } else {
    lines.push('', '  No demo data (SEED=none): sign up to create the first company.');
  }
  lines.push('');
  return lines.join('\n');
}
