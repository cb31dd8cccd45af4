// The AI answers of a Quire without AI, in ShowDoc's shapes (agent/config, item/getAiConfig).
import type { AgentConfig, ItemAiConfig } from '../../shared/api/agent';

const ITEM_TYPES: Record<number, string> = { 2: 'single_page', 3: 'runapi', 4: 'table', 5: 'whiteboard', 6: 'kanban' };

/** itemType 0: no item (the site-wide assistant) */
export function presentAgentConfig(itemType: number, isGuest: boolean): AgentConfig {
  return { enabled: false, welcome_message: '', can_edit: false, item_type: ITEM_TYPES[itemType] ?? 'regular', is_guest: isGuest, dialog_collapsed: 1 };
}

/** ShowDoc's defaults for an item without AI settings; strings, as its database gives them */
export function presentItemAiConfig(itemId: number): ItemAiConfig {
  return { item_id: String(itemId), enabled: '0', dialog_collapsed: '1', welcome_message: '', guest_enabled: '0' };
}
