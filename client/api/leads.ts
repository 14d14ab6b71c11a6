import type { LeadCreate, LeadDto, LeadImmediate, LeadUpdate } from '../../openapi/schemas/leads';
import { api } from './http';

export const createLead = (body: LeadCreate) => api.post<{ id: string }>('/api/leads', body);
export const captureLead = (body: LeadImmediate) => api.post<{ leadId: string; existing: boolean }>('/api/leads/immediate', body);
export const updateLead = (leadId: string, body: LeadUpdate) =>
  api.patch<{ id: string; completionStatus: string }>(`/api/leads/${encodeURIComponent(leadId)}/update`, body);
export const getLead = (leadId: string) => api.get<LeadDto>(`/api/leads/${encodeURIComponent(leadId)}`);
