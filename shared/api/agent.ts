// /api/agent/* and item/getAiConfig: ShowDoc's AI assistant. Quire has no AI: these answer as
// ShowDoc does when no AI service is configured, so ShowDoc's clients hide the assistant.
import { endpoint } from './contract';
import { id, int, text } from './fields';

/** agent/config with AI not configured (ShowDoc's shape). */
export interface AgentConfig {
  enabled: false;
  welcome_message: '';
  can_edit: false;
  /** regular | single_page | runapi | table | whiteboard | kanban */
  item_type: string;
  is_guest: boolean;
  dialog_collapsed: number;
}

/** item/getAiConfig: the item's AI settings, all off. */
export interface ItemAiConfig {
  item_id: string;
  enabled: string;
  dialog_collapsed: string;
  welcome_message: string;
  guest_enabled: string;
}

const scope = { item_id: id(), guest_token: text({ max: 200 }) };

export const config = endpoint<AgentConfig>()('agent/config', scope);
export const sessionList = endpoint<{ sessions: never[] }>()('agent/sessionList', scope);
/** The actions that need the AI service: they answer 10101 "not configured". */
export const sessionLoad = endpoint<never>()('agent/sessionLoad', { ...scope, session_id: id() });
export const sessionNew = endpoint<never>()('agent/sessionNew', scope);
export const sessionReset = endpoint<never>()('agent/sessionReset', { session_id: id() });
export const sessionDelete = endpoint<never>()('agent/sessionDelete', { session_id: id() });
export const feedback = endpoint<never>()('agent/feedback', { msg_id: id(), feedback: int({ min: 0, max: 2 }) });
export const agent = endpoint<never>()('agent/agent', { ...scope, session_id: id(), message: text({ raw: true, max: 20_000 }) });
export const agentCancel = endpoint<never>()('agent/agentCancel', { session_id: id() });

export const getAiConfig = endpoint<ItemAiConfig>()('item/getAiConfig', { item_id: id() });
