// GET /api/v1/orders/download/{id}: one bundle with its progress, the orders it holds and who
// downloaded it. Another company's bundle answers 404 like a missing one.
import type { DownloadDetail } from '@clearlane/contract/downloads';
import { api } from '../../http.ts';

export const getDownload = (id: string, signal?: AbortSignal) => api.get<DownloadDetail>(`/api/v1/orders/download/${encodeURIComponent(id)}`, { signal });
