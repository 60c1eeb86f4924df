import { changedFrom, useEditBase } from '@/api';
import { type FormEvent, useId, useMemo, useState } from 'react';
import type { Agent, CronJob } from '@/api';
import { Button, Dialog, FormError, SelectField, Spinner, TextAreaField, TextField } from '@/ui';
import { browserTimeZone, formatRunTime, timeZoneChoices } from '../format';
import { useSchedulePreview } from '../hooks/use-schedule-preview';
import { useSaveCronJob } from '../mutations';
import { INSTRUCTION_MAX, SCHEDULE_NAME_MAX, scheduleErrors } from '../schedule-form';

/**
 * "New schedule…" (`job` null) and "Edit": a name, a cron expression with a live preview of what
 * it means and when it fires next (asked of the server as typing pauses), a time zone, the
 * instruction the agent gets, and whether it is on. A refusal shows beside its field and keeps
 * what was typed.
 */
export function ScheduleDialog({ agent, job, onClose }: { agent: Agent; job: CronJob | null; onClose: () => void }) {
  const [name, setName] = useState(job?.name ?? '');
  const [expression, setExpression] = useState(job?.expression ?? '');
  const [timeZone, setTimeZone] = useState(() => job?.timeZone ?? browserTimeZone());
  const [instruction, setInstruction] = useState(job?.instruction ?? '');
  const [enabled, setEnabled] = useState(job?.enabled ?? true);
  const zones = useMemo(() => timeZoneChoices(job?.timeZone ?? browserTimeZone()), [job?.timeZone]);
  const save = useSaveCronJob(agent.id, job);
  // What an edit was opened on: only what was changed here is sent, on that version.
  const [opened] = useState(job);
  const [base, adopt] = useEditBase(job?.version ?? 1);
  const errors = scheduleErrors(save.error);
  const enabledId = useId();
  const complete = name.trim() && expression.trim() && instruction.trim();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!complete) return;
    const values = {
      name: name.trim(),
      expression: expression.trim(),
      timeZone,
      instruction: instruction.trim(),
      enabled,
    };
    if (!opened) return save.mutate(values, { onSuccess: onClose });
    const changes = changedFrom(
      {
        name: opened.name,
        expression: opened.expression,
        timeZone: opened.timeZone,
        instruction: opened.instruction,
        enabled: opened.enabled,
      },
      values,
    );
    if (Object.keys(changes).length === 0) return onClose();
    save.mutate({ ...changes, baseVersion: base }, { onSuccess: onClose, onError: adopt });
  }

  return (
    <Dialog
      open
      size="wide"
      onClose={onClose}
      title={job ? `Edit “${job.name}”` : `New schedule for ${agent.name}`}
      description={`At each time it fires, ${agent.name} gets the instruction on its stream.`}
    >
      <form className="stack" onSubmit={handleSubmit} noValidate>
        {errors.form && <FormError message={errors.form} />}
        <TextField
          label="Name"
          placeholder="e.g. Morning digest"
          required
          maxLength={SCHEDULE_NAME_MAX}
          showCounter
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
        />
        <SchedulePreviewFields
          expression={expression}
          timeZone={timeZone}
          zones={zones}
          onExpression={setExpression}
          onTimeZone={setTimeZone}
          errors={errors}
        />
        <TextAreaField
          label="Instruction"
          description="What the agent should do each time."
          required
          rows={5}
          maxLength={INSTRUCTION_MAX}
          showCounter
          value={instruction}
          onChange={(event) => setInstruction(event.target.value)}
          error={errors.instruction}
        />
        <label className="automation-checkbox" htmlFor={enabledId}>
          <input
            id={enabledId}
            type="checkbox"
            checked={enabled}
            onChange={(event) => setEnabled(event.target.checked)}
          />
          Enabled
        </label>
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={save.isPending} disabled={!complete}>
            {job ? 'Save changes' : 'Create schedule'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The expression and time zone fields, with the server's reading of them below the expression. */
function SchedulePreviewFields({
  expression,
  timeZone,
  zones,
  onExpression,
  onTimeZone,
  errors,
}: {
  expression: string;
  timeZone: string;
  zones: string[];
  onExpression: (value: string) => void;
  onTimeZone: (value: string) => void;
  errors: { expression?: string; timeZone?: string };
}) {
  const { preview, expressionError, timeZoneError, loading } = useSchedulePreview(expression, timeZone);
  // Some 400 zones: built once, not at every keystroke.
  const options = useMemo(
    () =>
      zones.map((zone) => (
        <option key={zone} value={zone}>
          {zone}
        </option>
      )),
    [zones],
  );
  const previewId = useId();
  return (
    <div className="automation-schedule-fields">
      <div className="stack" style={{ gap: 'var(--space-2)' }}>
        <TextField
          label="Cron expression"
          className="input mono"
          placeholder="0 9 * * 1-5"
          required
          autoComplete="off"
          spellCheck={false}
          value={expression}
          onChange={(event) => onExpression(event.target.value)}
          // The preview speaks for what is typed now; the last save's refusal while there is none.
          error={expressionError ?? (preview ? undefined : errors.expression)}
          description={
            <>
              Minute, hour, day of month, month, day of week: <code>0 9 * * 1-5</code> is 09:00 on weekdays.
            </>
          }
        />
        <div id={previewId} className="automation-preview" aria-live="polite">
          {preview ? (
            <>
              <p className="automation-preview-description">
                <strong>{preview.description}</strong>
                {loading && <Spinner size={12} />}
              </p>
              {preview.nextRuns.length > 0 && (
                <>
                  <p className="muted">Next runs:</p>
                  <ol className="automation-next-runs" aria-label="Next runs">
                    {preview.nextRuns.slice(0, 5).map((run) => (
                      <li key={run}>
                        <time dateTime={run}>{formatRunTime(run, timeZone)}</time>
                      </li>
                    ))}
                  </ol>
                </>
              )}
            </>
          ) : loading && expression.trim() ? (
            <p className="row muted">
              <Spinner size={12} /> Reading the expression…
            </p>
          ) : null}
        </div>
      </div>
      <SelectField
        label="Time zone"
        value={timeZone}
        onChange={(event) => onTimeZone(event.target.value)}
        error={timeZoneError ?? errors.timeZone}
      >
        {options}
      </SelectField>
    </div>
  );
}
