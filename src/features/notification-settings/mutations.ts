import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage, unwrap } from '@/api';
import { toast } from '@/ui';
import { notificationSettingsQueries, type NotificationMute, type NotificationType } from './queries';
import { THING_KIND_LABELS, typeTitle } from './type-titles';

const setEmailKey = [...notificationSettingsQueries.all, 'set-email'] as const;

/**
 * Turns email on or off for one type. The box changes at once; if the server refuses, that type
 * (only that one: another change may have gone through meanwhile) goes back and a toast shows the
 * server's message. The server answers with every type as now set: that is applied as the truth
 * once no other change is still on its way (its own answer will be newer).
 */
export function useSetEmailPreference() {
  const queryClient = useQueryClient();
  const listKey = notificationSettingsQueries.preferences().queryKey;
  const lastOnTheWay = () => queryClient.isMutating({ mutationKey: setEmailKey }) <= 1;
  return useMutation({
    mutationKey: setEmailKey,
    mutationFn: ({ type, email }: { type: NotificationType; email: boolean }) =>
      unwrap(api.PUT('/notifications/preferences', { body: { email: { [type]: email } } })),
    onMutate: async ({ type, email }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const before = queryClient.getQueryData(listKey)?.find((preference) => preference.type === type)?.email;
      queryClient.setQueryData(listKey, (preferences) =>
        preferences?.map((preference) => (preference.type === type ? { ...preference, email } : preference)),
      );
      return { before };
    },
    onSuccess: (preferences) => {
      if (lastOnTheWay()) queryClient.setQueryData(listKey, preferences);
    },
    onError: (error, { type, email }, context) => {
      if (context?.before !== undefined) {
        queryClient.setQueryData(listKey, (preferences) =>
          preferences?.map((preference) =>
            preference.type === type ? { ...preference, email: context.before ?? preference.email } : preference,
          ),
        );
      }
      toast('error', `Could not turn email ${email ? 'on' : 'off'} for “${typeTitle(type)}”`, errorMessage(error));
      if (lastOnTheWay()) void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
}

/** The path parameters of a mute (credits are never muted: the server lists only what can be). */
function mutePath(mute: NotificationMute) {
  if (mute.thingKind === 'credits') throw new Error('credits cannot be muted');
  return { thingKind: mute.thingKind, thingId: mute.thingId };
}

/** What a toast calls a muted thing: its title, or its kind when it no longer exists. */
export function muteName(mute: NotificationMute) {
  return mute.title ? `“${mute.title}”` : `the deleted ${THING_KIND_LABELS[mute.thingKind].toLowerCase()}`;
}

/**
 * Unmutes: the row leaves the list at once; if the server refuses, it comes back where it was
 * and a toast shows the server's message.
 */
export function useUnmute() {
  const queryClient = useQueryClient();
  const listKey = notificationSettingsQueries.mutes().queryKey;
  const same = (a: NotificationMute) => (b: NotificationMute) => a.thingKind === b.thingKind && a.thingId === b.thingId;
  return useMutation({
    mutationFn: (mute: NotificationMute) =>
      unwrap(api.DELETE('/notifications/mutes/{thingKind}/{thingId}', { params: { path: mutePath(mute) } })),
    onMutate: async (mute) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const index = queryClient.getQueryData(listKey)?.findIndex(same(mute)) ?? -1;
      queryClient.setQueryData(listKey, (mutes) => mutes?.filter((other) => !same(mute)(other)));
      return { index };
    },
    onSuccess: (_result, mute) => toast('success', `Unmuted ${muteName(mute)}`, 'You will be notified about it again.'),
    onError: (error, mute, context) => {
      if (context && context.index >= 0) {
        queryClient.setQueryData(listKey, (mutes = []) =>
          mutes.some(same(mute)) ? mutes : mutes.toSpliced(context.index, 0, mute),
        );
      }
      toast('error', `Could not unmute ${muteName(mute)}`, errorMessage(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
