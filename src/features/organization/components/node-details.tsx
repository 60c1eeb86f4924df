import { Link } from '@tanstack/react-router';
import { Avatar, Button, CopyButton, OpenIcon } from '@/ui';
import type { ChartIndex } from '../chart-model';
import { profileLink } from '../chart-model';
import type { MemberRef, OrgChart } from '../types';
import { TeamMark } from './org-outline';

/** A member reference's name, from the chart's people and agents. */
function refName(chart: OrgChart, ref: MemberRef | null): string | null {
  if (!ref) return null;
  const list = ref.kind === 'human' ? chart.humans : chart.agents;
  return list.find((member) => member.id === ref.id)?.name ?? null;
}

type NodeDetailsProps = {
  chart: OrgChart;
  index: ChartIndex;
  nodeKey: string;
  collapsed: boolean;
  onToggle: () => void;
  /** The admin's actions for the node ("Change manager…"), each opening its dialog. */
  actions: { id: string; label: string; run: () => void }[];
};

/**
 * The selected node in words: who they are, their team, whom they report to (an agent: who is
 * responsible for it), how many are below; its profile, a link to it on the chart, and for admins
 * the changes that can be made.
 */
export function NodeDetails({ chart, index, nodeKey, collapsed, onToggle, actions }: NodeDetailsProps) {
  const info = index.byKey.get(nodeKey);
  if (!info) return null;
  const { node } = info;
  const parent = info.parentKey ? index.byKey.get(info.parentKey)?.node : undefined;
  let relation: string | null = null;
  if (node.kind === 'human') {
    const human = chart.humans.find((candidate) => candidate.id === node.id);
    const manager = refName(chart, human?.managerUserId ? { kind: 'human', id: human.managerUserId } : null);
    relation = manager ? `Reports to ${manager}` : chart.rootHumanId === node.id ? 'Top of the company' : 'No manager';
  } else if (node.kind === 'agent') {
    relation = info.responsible ? `${info.responsible.name} is responsible` : 'Nobody is responsible for this agent';
  } else {
    const team = chart.teams.find((candidate) => candidate.id === node.id);
    const lead = refName(chart, team?.lead ?? null);
    relation = lead ? `Led by ${lead}` : 'No lead';
  }
  const leads =
    node.kind === 'team'
      ? []
      : chart.teams
          .filter((team) => team.lead?.kind === node.kind && team.lead.id === node.id)
          .map((team) => team.name);
  const link = `${window.location.origin}/organization?node=${encodeURIComponent(node.key)}`;
  return (
    <section className="org-details" aria-labelledby="org-details-name">
      <div className="org-details-head">
        {node.kind === 'team' ? (
          <TeamMark teamId={node.id} size="large" />
        ) : (
          <Avatar name={node.name} size={40} kind={node.kind} />
        )}
        <div className="stack" style={{ gap: 2 }}>
          <h2 id="org-details-name">{node.name}</h2>
          <p className="muted">
            {node.kind === 'agent' ? 'Agent' : node.kind === 'team' ? 'Team' : 'Person'}
            {node.role ? ` · ${node.role}` : ''}
          </p>
        </div>
      </div>
      <dl className="org-details-facts">
        {node.kind !== 'team' && (
          <>
            <dt>Team</dt>
            <dd>{info.teamName ?? 'No team'}</dd>
          </>
        )}
        {leads.length > 0 && (
          <>
            <dt>Leads</dt>
            <dd>{leads.join(', ')}</dd>
          </>
        )}
        <dt>{node.kind === 'team' ? 'Lead' : node.kind === 'agent' ? 'Responsible' : 'Manager'}</dt>
        <dd>{relation}</dd>
        {parent && parent.kind === 'team' && node.kind !== 'team' && (
          <>
            <dt>On the chart</dt>
            <dd>Under {parent.name}</dd>
          </>
        )}
        <dt>Below</dt>
        <dd>
          {node.memberCount} {node.memberCount === 1 ? 'person or agent' : 'people and agents'}
        </dd>
        {info.loose && (
          <>
            <dt>Placement</dt>
            <dd>Not placed in the chart (see the structure warnings)</dd>
          </>
        )}
      </dl>
      <div className="org-details-actions">
        <Link className="button" data-variant="secondary" data-size="small" {...profileLink(node)}>
          <OpenIcon />
          {node.kind === 'team' ? 'Open team' : 'Open profile'}
        </Link>
        {node.children.length > 0 && (
          <Button size="small" variant="ghost" onClick={onToggle} aria-expanded={!collapsed}>
            {collapsed ? `Expand (${node.memberCount})` : 'Collapse'}
          </Button>
        )}
        <CopyButton value={link} label="Copy link" size="small" variant="ghost" />
      </div>
      {actions.length > 0 && (
        <div className="org-details-actions" role="group" aria-label="Change the structure">
          {actions.map((action) => (
            <Button key={action.id} size="small" onClick={action.run}>
              {action.label}
            </Button>
          ))}
        </div>
      )}
    </section>
  );
}
