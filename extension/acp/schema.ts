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
