import { useState } from 'react';
import { formatDate } from '@/lib/format';
import { Button, ConfirmDialog } from '@/ui';
import { formatCredits } from '../format';
import { useSetCancellation } from '../mutations';
import type { Subscription } from '../types';
import { ChangePlanDialog } from './change-plan-dialog';

const STATUS_LABELS: Record<Subscription['status'], string> = {
  trialing: 'Trial',
  active: 'Active',
  canceled: 'Canceled',
};

/** The plan, its status and period, seats, and the ways to change it: another plan, cancel, resume. */
export function PlanCard({ subscription }: { subscription: Subscription }) {
  const [changing, setChanging] = useState(false);
  const [confirming, setConfirming] = useState<'cancel' | 'resume' | null>(null);
  const cancellation = useSetCancellation();
  const { plan, pendingPlan } = subscription;
  const end = formatDate(subscription.currentPeriodEnd);
  const ended = subscription.status === 'canceled';
  return (
    <section className="card stack" aria-labelledby="plan-heading">
      <div className="billing-section-header">
        <h2 id="plan-heading">Plan: {plan.name}</h2>
        <span
          className="badge"
          data-tone={ended ? 'danger' : subscription.status === 'trialing' ? 'accent' : 'success'}
        >
          {STATUS_LABELS[subscription.status]}
        </span>
      </div>
      <p className="muted">{plan.description}</p>
      <dl className="billing-facts">
        <div>
          <dt>Included credits</dt>
          <dd>{formatCredits(plan.monthlyCredits)} a month</dd>
        </div>
        <div>
          <dt>Current period</dt>
          <dd>
            {formatDate(subscription.currentPeriodStart)} – {end}
          </dd>
        </div>
        <div>
          <dt>Seats</dt>
          <dd>
            {formatCredits(subscription.seatsUsed)} of {formatCredits(plan.seats)} used
          </dd>
        </div>
      </dl>
      {subscription.cancelAtPeriodEnd && !ended && (
        <p className="notice" data-tone="warning">
          Canceled: the subscription ends on {end}. No included credits after that; purchased credits stay.
        </p>
      )}
      {pendingPlan && (
        <p className="notice">
          Moving to {pendingPlan.name} ({formatCredits(pendingPlan.monthlyCredits)} credits a month) on {end}.
        </p>
      )}
      <div className="row">
        <Button onClick={() => setChanging(true)}>Change plan…</Button>
        {subscription.cancelAtPeriodEnd || ended ? (
          !ended && (
            <Button busy={cancellation.isPending} onClick={() => setConfirming('resume')}>
              Resume subscription
            </Button>
          )
        ) : (
          <Button variant="ghost" busy={cancellation.isPending} onClick={() => setConfirming('cancel')}>
            Cancel subscription…
          </Button>
        )}
      </div>
      {changing && <ChangePlanDialog subscription={subscription} onClose={() => setChanging(false)} />}
      <ConfirmDialog
        open={confirming === 'cancel'}
        title="Cancel the subscription?"
        description={`It stays active until ${end}; then it ends, unused included credits expire and none are granted. Purchased credits stay. You can resume until then.`}
        confirmLabel="Cancel subscription"
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          setConfirming(null);
          cancellation.mutate(true);
        }}
      />
      <ConfirmDialog
        open={confirming === 'resume'}
        tone="primary"
        title="Resume the subscription?"
        description={`It renews on ${end} with ${formatCredits((pendingPlan ?? plan).monthlyCredits)} included credits.`}
        confirmLabel="Resume subscription"
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          setConfirming(null);
          cancellation.mutate(false);
        }}
      />
    </section>
  );
}
