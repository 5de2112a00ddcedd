// The operator's system-wide message (SPEC.md §7): anonymous, on its own configurable base URL.
import { queryOptions } from '@tanstack/react-query';
import type { SystemMessage } from '@clearlane/contract/company';
import { request } from './http.ts';
import { publicConfig } from './public-config.ts';
import { queryKeys } from './query-keys.ts';

export const SYSTEM_MESSAGE_REFRESH_MS = 5 * 60_000;

export function fetchSystemMessage(): Promise<SystemMessage> {
  return request<SystemMessage>('/hub/system-message', { anonymous: true, baseUrl: publicConfig().systemMessageBaseUrl.replace(/\/$/, '') });
}

export const systemMessageQuery = queryOptions({
  queryKey: queryKeys.systemMessage,
  queryFn: fetchSystemMessage,
  staleTime: SYSTEM_MESSAGE_REFRESH_MS,
  refetchInterval: SYSTEM_MESSAGE_REFRESH_MS,
  // A banner is not worth an error: a failed fetch just shows nothing.
  retry: false,
});
