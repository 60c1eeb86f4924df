import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/api';
import { formatDate } from '@/lib/format';
import { Button, ChoiceGroup, Dialog, FormError, QueryNotice } from '@/ui';
import { formatCredits } from '../format';
import { useChangePlan } from '../mutations';
import { billingQueries } from '../queries';
import type { Plan, PlanId, Subscription } from '../types';

/** What moving to `plan` does, in words: an upgrade applies now, a downgrade at the period's end. */
export function planChangeEffect(subscription: Subscription, plan: Plan): string {
  const end = formatDate(subscription.currentPeriodEnd);
  if (plan.id === subscription.plan.id && subscription.pendingPlan)
    return `You stay on ${plan.name}: the move to ${subscription.pendingPlan.name} on ${end} is called off.`;
  if (plan.monthlyCredits > subscription.plan.monthlyCredits)
    return `${plan.name} starts now: a new period begins today with ${formatCredits(plan.monthlyCredits)} included credits, and the ${formatCredits(subscription.plan.monthlyCredits)}-credit period's unused included credits expire. Purchased credits stay.`;
  return `${plan.name} starts at the end of this period, on ${end}, with ${formatCredits(plan.monthlyCredits)} included credits a month and ${formatCredits(plan.seats)} seats. Until then nothing changes.`;
}

/** "Change plan…": pick a plan, then confirm what happens; the server's refusal (seats) is shown as it says it. */
export function ChangePlanDialog({ subscription, onClose }: { subscription: Subscription; onClose: () => void }) {
  const plans = useQuery(billingQueries.plans());
  const change = useChangePlan();
  const current = subscription.pendingPlan?.id ?? subscription.plan.id;
  const [choice, setChoice] = useState<PlanId>(current);
  const [confirming, setConfirming] = useState(false);
  const chosen = plans.data?.find((plan) => plan.id === choice);
  const unchanged = choice === current && subscription.status !== 'canceled';

  return (
    <Dialog open onClose={onClose} title={confirming && chosen ? `Move to ${chosen.name}?` : 'Change plan'}>
      {plans.isPending ? (
        <QueryNotice status="loading" label="Loading plans…" />
      ) : plans.isError ? (
        <QueryNotice status="error" message={errorMessage(plans.error)} onRetry={() => void plans.refetch()} />
      ) : confirming && chosen ? (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            change.mutate(choice, { onSuccess: onClose });
          }}
        >
          <p>{planChangeEffect(subscription, chosen)}</p>
          {change.isError && <FormError message={errorMessage(change.error)} />}
          <div className="dialog-actions">
            <Button onClick={() => setConfirming(false)}>Back</Button>
            <Button type="submit" variant="primary" busy={change.isPending} data-autofocus>
              Move to {chosen.name}
            </Button>
          </div>
        </form>
      ) : (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            change.reset();
            setConfirming(true);
          }}
        >
          <ChoiceGroup
            legend="Plan"
            name="plan"
            value={choice}
            onChange={setChoice}
            options={plans.data.map((plan) => ({
              value: plan.id,
              title: `${plan.name}${plan.id === subscription.plan.id ? ' (current)' : ''}`,
              description: `${formatCredits(plan.monthlyCredits)} credits a month, ${formatCredits(plan.seats)} seats. ${plan.description}`,
            }))}
          />
          <div className="dialog-actions">
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="primary" disabled={unchanged}>
              Continue
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
