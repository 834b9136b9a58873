"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateEndpointInput, EndpointPatchInput, RollSecretInput } from "@/lib/webhooks/schemas";
import type { WebhookDeliveryDetail, WebhookDeliveryView, WebhookEndpointView } from "@/lib/webhooks/views";
import { queries } from "./queries";
import { useApi } from "./useApi";

export const webhooksQueryKey = queries.webhooks().key;
const deliveriesKey = (id: string) => ["webhooks", id, "deliveries"] as const;
const base = (id: string) => `/api/dashboard/webhooks/${encodeURIComponent(id)}`;

export interface CreatedEndpoint {
  endpoint: WebhookEndpointView;
  secret: string;
}

/** What the endpoint dialog sends, for a new endpoint and an edit alike. */
export type EndpointInput = CreateEndpointInput & EndpointPatchInput;

export function useWebhooksQuery() {
  const api = useApi();
  return useQuery({
    queryKey: webhooksQueryKey,
    queryFn: () => api.get<WebhookEndpointView[]>(queries.webhooks().url),
  });
}

/** The delivery log refreshes every 2 s while open, so a test event's outcome shows up by itself. */
export function useDeliveriesQuery(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: deliveriesKey(id),
    queryFn: () => api.get<WebhookDeliveryView[]>(`${base(id)}/deliveries`),
    refetchInterval: 2000,
  });
}

/** The answer holds the signing secret: gcTime 0, never copied into the list query. */
export function useCreateEndpointMutation() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: (input: CreateEndpointInput) => api.post<CreatedEndpoint>("/api/dashboard/webhooks", input),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: webhooksQueryKey });
      client.invalidateQueries({ queryKey: ["audit"] });
    },
  });
}

export type EndpointAction = "disable" | "enable" | "delete" | "test";

export function useEndpointAction() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: { id: string; action: EndpointAction }) => api.post<unknown>(`${base(a.id)}/${a.action}`),
    onSuccess: (_data, a) => {
      client.invalidateQueries({ queryKey: webhooksQueryKey });
      client.invalidateQueries({ queryKey: deliveriesKey(a.id) });
      client.invalidateQueries({ queryKey: ["audit"] });
    },
  });
}

export function useResendMutation(endpointId: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api.post<unknown>(`${base(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: deliveriesKey(endpointId) });
      client.invalidateQueries({ queryKey: ["audit"] });
    },
  });
}

/** One delivery's payload and each attempt's response; read when the viewer opens. */
export function useDeliveryDetailQuery(endpointId: string, deliveryId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: [...deliveriesKey(endpointId), deliveryId],
    queryFn: () =>
      api.get<WebhookDeliveryDetail>(
        `${base(endpointId)}/deliveries/${encodeURIComponent(deliveryId ?? "")}`,
      ),
    enabled: deliveryId !== null,
  });
}

export function useUpdateEndpointMutation() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: EndpointPatchInput & { id: string }) =>
      api.patch<WebhookEndpointView>(base(id), input),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: webhooksQueryKey });
      client.invalidateQueries({ queryKey: ["audit"] });
    },
  });
}

/** The answer holds the new signing secret: gcTime 0, like create. */
export function useRollSecretMutation() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: ({ id, ...body }: RollSecretInput & { id: string }) =>
      api.post<CreatedEndpoint>(`${base(id)}/roll-secret`, body),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: webhooksQueryKey });
      client.invalidateQueries({ queryKey: ["audit"] });
    },
  });
}
