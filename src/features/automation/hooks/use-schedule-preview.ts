import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { errorMessage, isApiError } from '@/api';
import { automationQueries } from '../queries';
import { useDebouncedValue } from './use-debounced-value';

/** How long typing must pause before the preview is asked for. */
export const PREVIEW_DELAY = 300;

export type PreviewState = {
  /** What the expression means and its next runs, for what was typed last (the previous answer while a new one loads). */
  preview: { description: string; nextRuns: string[] } | undefined;
  /** The server's refusal, by the field its 400 names: under the expression, or under the time zone. */
  expressionError: string | undefined;
  timeZoneError: string | undefined;
  loading: boolean;
};

/**
 * A live preview of a cron expression in a time zone, asked of the server (`GET
 * /schedules/preview`) once typing pauses for 300 ms. A refusal reads as the server's message.
 */
export function useSchedulePreview(expression: string, timeZone: string): PreviewState {
  const typed = JSON.stringify([expression.trim(), timeZone]);
  const settledKey = useDebouncedValue(typed, PREVIEW_DELAY);
  const [settledExpression, settledZone] = JSON.parse(settledKey) as [string, string];
  const settled = { expression: settledExpression, timeZone: settledZone };
  const typing = settledKey !== typed;
  const query = useQuery({
    ...automationQueries.preview(settled.expression, settled.timeZone),
    enabled: settled.expression.length > 0,
    placeholderData: keepPreviousData,
  });
  const error = query.isError ? query.error : null;
  // The server words these as what follows the field's name ("expression: has 6 fields: …").
  const issue = (field: string) => {
    const message = isApiError(error) ? error.fieldError(field) : undefined;
    return message && `${field}: ${message}`;
  };
  const timeZoneError = issue('timeZone');
  // Anything not about the zone reads under the expression: its own issue, or the whole message.
  const expressionError = error && !timeZoneError ? (issue('expression') ?? errorMessage(error)) : undefined;
  return {
    preview: error || settled.expression.length === 0 ? undefined : query.data,
    expressionError,
    timeZoneError,
    loading: typing || query.isFetching,
  };
}
