/**
 * The tools a company can connect, and the credentials each needs. The server stores the
 * credentials sealed and hands them only to an agent with a live grant (the agent calls the tool;
 * the server does not), so a provider here is a name and a form, not a client library.
 */
export type CredentialField = { name: string; label: string; secret: boolean; optional: boolean };
export type Provider = { key: string; name: string; description: string; credentialFields: CredentialField[] };

const secret = (name: string, label: string): CredentialField => ({ name, label, secret: true, optional: false });
const plain = (name: string, label: string, optional = false): CredentialField => ({
  name,
  label,
  secret: false,
  optional,
});

export const PROVIDERS: readonly Provider[] = [
  {
    key: 'github',
    name: 'GitHub',
    description: 'Repositories, issues and pull requests.',
    credentialFields: [secret('token', 'Access token'), plain('organization', 'Organization', true)],
  },
  {
    key: 'slack',
    name: 'Slack',
    description: 'Channels and messages.',
    credentialFields: [secret('botToken', 'Bot token'), plain('workspace', 'Workspace', true)],
  },
  {
    key: 'linear',
    name: 'Linear',
    description: 'Issues and projects.',
    credentialFields: [secret('apiKey', 'API key')],
  },
  {
    key: 'jira',
    name: 'Jira',
    description: 'Issues in Jira Cloud.',
    credentialFields: [plain('siteUrl', 'Site URL'), plain('email', 'Account email'), secret('apiToken', 'API token')],
  },
  {
    key: 'notion',
    name: 'Notion',
    description: 'Pages and databases.',
    credentialFields: [secret('token', 'Integration token')],
  },
  {
    key: 'google-drive',
    name: 'Google Drive',
    description: 'Files and folders.',
    credentialFields: [secret('serviceAccountJson', 'Service account key (JSON)')],
  },
  {
    key: 'custom',
    name: 'Custom HTTP API',
    description: 'Any HTTP API reached with a base URL and a header.',
    credentialFields: [
      plain('baseUrl', 'Base URL'),
      plain('headerName', 'Header name', true),
      secret('headerValue', 'Header value'),
    ],
  },
];

export function findProvider(key: string): Provider | undefined {
  return PROVIDERS.find((provider) => provider.key === key);
}
