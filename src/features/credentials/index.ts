export { CredentialTable, type Credential, type CredentialColumn } from './credential-table';
export { useRevokeCredential } from './use-revoke-credential';
