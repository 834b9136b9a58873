"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AlertView } from "@/lib/alerts/list";
import type { AlertSettings } from "@/lib/alerts/settings";
import type { AlertType, Channel, LeakAction } from "@/lib/alerts/types";
import { queries } from "./queries";
import { useApi } from "./useApi";

export const alertsQueryKey = queries.alerts().key;
const settingsKey = queries.alertSettings().key;

/** The account's alerts and unread count; refreshed every minute for the navigation badge. */
export function useAlertsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: alertsQueryKey,
    queryFn: () => api.get<{ items: AlertView[]; unread: number }>(queries.alerts().url),
    refetchInterval: 60_000,
  });
}

export function useMarkReadMutation() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[] | "all") =>
      api.post<{ marked: number }>("/api/dashboard/alerts/read", ids === "all" ? { all: true } : { ids }),
    onSuccess: () => client.invalidateQueries({ queryKey: alertsQueryKey }),
  });
}

export function useAlertSettingsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: settingsKey,
    queryFn: () => api.get<AlertSettings>(queries.alertSettings().url),
  });
}

export function useSaveAlertSettingsMutation() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: { channels?: Partial<Record<AlertType, Channel[]>>; leakAction?: LeakAction }) =>
      api.patch<AlertSettings>("/api/dashboard/alerts/settings", patch),
    onSuccess: (data) => {
      client.setQueryData(settingsKey, data);
      client.invalidateQueries({ queryKey: ["audit"] });
    },
  });
}
