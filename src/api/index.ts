/**
 * The only door to the server. Features import the client, errors, session and types from here;
 * nothing else imports openapi-fetch or the generated schema.
 */
import type { components } from './generated/schema';

export { api, unwrap } from './client';
export { absoluteApiUrl } from './config';
export { ApiError, errorMessage, isApiError, publicErrorMessage, recordConflictOf } from './errors';
export { endSession, getToken, setToken, useSession, type SignedOutReason } from './session';
export {
  onLiveEvent,
  onLiveResync,
  startLive,
  stopLive,
  useLiveStatus,
  type LiveEvent,
  type LiveEventType,
  type LivePayloads,
  type LiveStatus,
} from './live';

type Schemas = components['schemas'];
export type Me = Schemas['Me'];
export type CreditBalance = Schemas['CreditBalance'];
export type CreditChange = Schemas['CreditChange'];
export type CreditTransaction = Schemas['CreditTransaction'];
export type ApiKey = Schemas['ApiKey'];
export type CreatedApiKey = Schemas['CreatedApiKey'];
export type CreateApiKeyRequest = Schemas['CreateApiKeyRequest'];
export type UpdateMeRequest = Schemas['UpdateMeRequest'];
export type LoginRequest = Schemas['LoginRequest'];
export type Project = Schemas['Project'];
export type ProjectDetail = Schemas['ProjectDetail'];
export type BoardColumn = Schemas['BoardColumn'];
export type BoardCard = Schemas['BoardCard'];
export type Card = Schemas['Card'];
export type ColumnEntry = Schemas['ColumnEntry'];
export type Column = Schemas['Column'];
export type CardPriority = Schemas['CardPriority'];
export type ChecklistItem = Schemas['ChecklistItem'];
export type Comment = Schemas['ProjectCardComment'];
export type CommentPage = Schemas['CommentPage'];
export type UpdateCardRequest = Schemas['UpdateCardRequest'];
export type Member = Schemas['Member'];
export type AssignedCard = Schemas['AssignedCard'];
export type AssignedCards = Schemas['AssignedCards'];
export type ActivityItem = Schemas['ActivityItem'];
export type ActivityPage = Schemas['ActivityPage'];
export type WikiAuthor = Schemas['WikiAuthor'];
export type WikiPageSummary = Schemas['WikiPageSummary'];
export type WikiPage = Schemas['WikiPage'];
export type WikiRevisionSummary = Schemas['WikiRevisionSummary'];
export type WikiRevision = Schemas['WikiRevision'];
export type WikiRevisionConflict = Schemas['WikiRevisionConflict'];
export type FileNode = Schemas['FileNode'];
export type FileNodeDetail = Schemas['FileNodeDetail'];
export type FileList = Schemas['FileList'];
export type FileUsage = Schemas['FileUsage'];
export type FileGrant = Schemas['FileGrant'];
export type UploadTarget = Schemas['UploadTarget'];
export type FileNameTaken = Schemas['FileNameTaken'];
export type CreateFileNodeRequest = Schemas['CreateFileNodeRequest'];
export type OrgChart = Schemas['OrgChart'];
export type ChartNode = Schemas['ChartNode'];
export type OrgIssue = Schemas['OrgIssue'];
/** A person or an agent, where the contract allows one (the schema's `null` is the absence of one). */
export type MemberRef = NonNullable<Schemas['MemberRef']>;
export type Agent = Schemas['Agent'];
export type AgentToken = Schemas['AgentToken'];
export type CreatedAgentToken = Schemas['CreatedAgentToken'];
export type AgentSession = Schemas['AgentSession'];
export type AgentMessage = Schemas['AgentMessage'];
export type AgentActivity = Schemas['AgentActivity'];
export type AgentMessageFeedback = Schemas['AgentMessageFeedback'];
export type AgentFeedbackSummary = Schemas['AgentFeedbackSummary'];
export type AgentDelegation = Schemas['AgentDelegation'];
export type NamedMemberRef = Schemas['NamedMemberRef'];
export type CreateAgentRequest = Schemas['CreateAgentRequest'];
export type UpdateAgentRequest = Schemas['UpdateAgentRequest'];
export type IntegrationProvider = Schemas['IntegrationProvider'];
export type IntegrationConnection = Schemas['IntegrationConnection'];
export type IntegrationGrant = Schemas['IntegrationGrant'];
export type IntegrationGrantWithConnection = Schemas['IntegrationGrantWithConnection'];
export type CreateIntegrationConnection = Schemas['CreateIntegrationConnection'];
export type UpdateIntegrationConnection = Schemas['UpdateIntegrationConnection'];
export type CreateIntegrationGrant = Schemas['CreateIntegrationGrant'];
export type CronJob = Schemas['CronJob'];
export type CronRun = Schemas['CronRun'];
export type SchedulePreview = Schemas['SchedulePreview'];
export type CreateCronJob = Schemas['CreateCronJob'];
export type UpdateCronJob = Schemas['UpdateCronJob'];
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type CreatedWebhookEndpoint = Schemas['CreatedWebhookEndpoint'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export { changedFrom, useEditBase } from './edit-base';
