// zh texts for the realtime area (English template → Chinese).
export const realtime: Record<string, string> = {
  '{lock_username} is editing this page': '{lock_username} 正在编辑此页面',
};
