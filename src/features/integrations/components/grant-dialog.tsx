import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { Agent, IntegrationGrant, IntegrationGrantWithConnection, Me } from '@/api';
import { Button, ChoiceGroup, Dialog, FormError, QueryNotice, SelectField, toast } from '@/ui';
import { grantableConnections } from '../access';
import { parseConstraints } from '../constraints';
import { endOfDay, formErrors } from '../forms';
import { useGrantConnection } from '../mutations';
import { integrationQueries } from '../queries';
import { ConstraintsEditor } from './constraints-editor';
import { ExpiryDateField, providerName, scopeLabels } from './integration-bits';
import { ToolsInput } from './tools-input';

const FIELDS = ['connectionId', 'scope', 'allowedTools', 'constraints', 'expiresAt'] as const;

/**
 * "Grant a connection…": which connection, the scope, the tools it may use (none: all its scope
 * allows), constraints as JSON and an optional expiry. Refusals show by their fields; what was
 * typed stays.
 */
export function GrantDialog({
  agent,
  me,
  grants,
  onClose,
}: {
  agent: Agent;
  me: Me;
  grants: IntegrationGrantWithConnection[];
  onClose: () => void;
}) {
  const connections = useQuery(integrationQueries.connections());
  const providers = useQuery(integrationQueries.providers());
  const grant = useGrantConnection(agent.id);
  const [connectionId, setConnectionId] = useState('');
  const [scope, setScope] = useState<IntegrationGrant['scope']>('read');
  const [tools, setTools] = useState<string[]>([]);
  const [constraints, setConstraints] = useState('');
  const [expiry, setExpiry] = useState('');
  const parsed = parseConstraints(constraints);
  const errors = formErrors(grant.error, FIELDS);
  const choices = grantableConnections(connections.data ?? [], grants, me);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!connectionId || !parsed.ok) return;
    const expiresAt = endOfDay(expiry);
    const chosen = choices.find((connection) => connection.id === connectionId);
    grant.mutate(
      {
        connectionId,
        scope,
        allowedTools: tools,
        ...(Object.keys(parsed.value).length > 0 && { constraints: parsed.value }),
        ...(expiresAt && { expiresAt }),
      },
      {
        onSuccess: () => {
          toast('success', `Granted ${chosen?.displayName ?? 'the connection'} to ${agent.name}`);
          onClose();
        },
      },
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      size="wide"
      title={`Grant a connection to ${agent.name}`}
      description={`${agent.name} may then fetch the connection’s credentials, within the scope and constraints set here.`}
    >
      {connections.isPending ? (
        <QueryNotice status="loading" label="Loading connections…" />
      ) : connections.isError ? (
        <QueryNotice
          status="error"
          message="Could not load the connections."
          onRetry={() => void connections.refetch()}
        />
      ) : choices.length === 0 ? (
        <div className="stack">
          <p className="muted">
            {me.permissions.manageIntegrations
              ? `No connection is left to grant: connect one in Settings → Integrations, or ${agent.name} has them all.`
              : `You may grant your own personal connections: connect one in Settings → Integrations first.`}
          </p>
          <div className="dialog-actions">
            <Button onClick={onClose}>Close</Button>
          </div>
        </div>
      ) : (
        <form className="stack" onSubmit={handleSubmit} noValidate>
          {errors.form && <FormError message={errors.form} />}
          <SelectField
            label="Connection"
            value={connectionId}
            onChange={(event) => setConnectionId(event.target.value)}
            error={errors.fields.connectionId}
          >
            <option value="">Choose…</option>
            {choices.map((connection) => (
              <option key={connection.id} value={connection.id}>
                {providerName(providers.data, connection.providerKey)} — {connection.displayName}
                {connection.ownership === 'personal' ? ' (personal)' : ''}
                {connection.status !== 'active' ? ` (${connection.status})` : ''}
              </option>
            ))}
          </SelectField>
          <ChoiceGroup
            legend="Scope"
            name="grant-scope"
            value={scope}
            onChange={setScope}
            options={[
              { value: 'read', title: scopeLabels.read, description: 'reads only' },
              { value: 'write', title: scopeLabels.write, description: 'changes only' },
              { value: 'read_write', title: scopeLabels.read_write, description: 'reads and changes' },
            ]}
          />
          {errors.fields.scope && <p className="field-error">{errors.fields.scope}</p>}
          <ToolsInput
            label="Allowed tools"
            description="Press Enter or a comma after each. None: every tool its scope allows."
            value={tools}
            onChange={setTools}
            error={errors.fields.allowedTools}
          />
          <ConstraintsEditor
            value={constraints}
            onChange={(value) => {
              setConstraints(value);
              if (grant.isError && errors.fields.constraints) grant.reset();
            }}
            serverError={errors.fields.constraints}
          />
          <ExpiryDateField value={expiry} onChange={setExpiry} error={errors.fields.expiresAt} />
          <div className="dialog-actions">
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="primary" busy={grant.isPending} disabled={!connectionId || !parsed.ok}>
              Grant access
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
