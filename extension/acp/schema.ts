/**
 * The ACP schema's types, the one door through which code outside acp/ sees the SDK: everything
 * else imports them from here with `import type`, so the SDK itself stays in acp/ at run time.
 * Shapes: https://agentclientprotocol.com/protocol/schema
 */
export type {
  AgentCapabilities,
  AnyMessage,
  AuthMethod,
  AvailableCommand,
  ClientConnection,
  ContentBlock,
  CreateElicitationRequest,
  CreateElicitationResponse,
  ElicitationSchema,
  ImageContent,
  Implementation,
  InitializeRequest,
  InitializeResponse,
  LoadSessionResponse,
  NewSessionResponse,
  PermissionOption,
  PlanEntry,
  PromptCapabilities,
  PromptResponse,
  RequestPermissionRequest,
  RequestPermissionResponse,
  ResumeSessionResponse,
  SessionConfigOption,
  SessionInfo,
  SessionModeState,
  SessionNotification,
  SessionUpdate,
  SetSessionConfigOptionRequest,
  SetSessionConfigOptionResponse,
  StopReason,
  Stream,
  ToolCall,
  ToolCallContent,
  ToolCallLocation,
  ToolCallUpdate,
  ToolKind,
} from "@agentclientprotocol/sdk";

/** session/fork is unstable in this SDK (schema.unstable.json): its types come from the unstable entry. */
export type { ForkSessionRequest, ForkSessionResponse } from "@agentclientprotocol/sdk/unstable";
