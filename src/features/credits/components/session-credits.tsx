import { useEffect, useRef, useState } from 'react';
import { onLiveEvent } from '@/api';
import { formatCredits } from '../format';

/**
 * What an agent's work in a session has cost so far ("12 credits"), for a session's header or a
 * row of a session list. `spent` is absent from sessions that come from live events: the last
 * figure read stays shown. With `onCharged`, a charge for its agent's work (members' streams do not
 * name the private session it was part of) asks for the session to be read again.
 */
export function SessionCredits({
  agentId,
  spent,
  onCharged,
}: {
  /** The session's agent: a charge of its work may be this session's (the stream does not say which session). */
  agentId: string;
  spent: number | undefined;
  onCharged?: () => void;
}) {
  // The last figure read, for the renders whose session came from a live event without one.
  const [known, setKnown] = useState(spent);
  if (spent !== undefined && spent !== known) setKnown(spent);
  const shown = spent ?? known;

  const onChargedRef = useRef(onCharged);
  useEffect(() => {
    onChargedRef.current = onCharged;
  });
  const follow = Boolean(onCharged);
  useEffect(() => {
    if (!follow) return;
    return onLiveEvent('credits.balance.changed', ({ data }) => {
      if (data.change.agentId === agentId) onChargedRef.current?.();
    });
  }, [follow, agentId]);

  if (shown === undefined) return null;
  return (
    <span className="credits-session" title="Credits this session’s agent work has cost">
      {formatCredits(shown)}
    </span>
  );
}
