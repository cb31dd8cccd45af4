// The open API's question (DESIGN §4): an item key (api_key + api_token) stands for its item's
// writers, and every open action writes; archived items are read-only everywhere.
export function canWriteWithItemKey(item: { isArchived: number }): boolean {
  return item.isArchived !== 1;
}
