// Items and who may use them: members (with their catalog limits), team bindings, open-API keys,
// and each user's pins, stars, sort order and groups of the item list. Visit passwords, plaintext
// in ShowDoc, are stored hashed as every Quire item password is.
import * as repo from '../../../db/repos/showdocImport';
import { hashPassword } from '../../../auth/passwords';
import { Skip } from '../copy';
import { num, parseCatIds, str, type ShowdocItem, type ShowdocMember, type SourceRow } from '../sourceDb';
import type { StepContext } from './context';

/** ShowDoc item types → Quire's: RunApi items become regular items of API pages */
const ITEM_TYPE: Record<number, number> = { 1: 1, 2: 2, 3: 1, 4: 4 };

export async function copyItems(ctx: StepContext) {
  const { run, src, deps } = ctx;
  const domains = await repo.itemDomains(deps.db);
  await run.copy<ShowdocItem>({
    source: 'item',
    targetName: 'items',
    idColumn: 'item_id',
    idField: 'itemId',
    rows: src.items(),
    key: (i) => String(i.itemId),
    sourceId: (i) => i.itemId,
    async convert(i) {
      const type = ITEM_TYPE[i.type];
      if (!type) {
        ctx.skippedItems.add(i.itemId);
        if (i.type === 5) return new Skip('Whiteboard items are not imported');
        if (i.type === 6) return new Skip('Kanban items are not imported');
        return new Skip('Items of type {type} are not imported', { type: i.type });
      }
      const owner = run.idOf('user', i.ownerUid);
      let domain = i.domain.trim();
      if (domain && domains.has(domain.toLowerCase())) {
        run.adjusted('item', String(i.itemId), 'Its personal domain {domain} is used by another item; the item was imported without it', { domain });
        domain = '';
      }
      if (domain) domains.add(domain.toLowerCase());
      return {
        itemName: i.name || `item ${i.itemId}`,
        itemDescription: i.description,
        uid: owner ?? ctx.fallbackOwner.uid,
        username: owner !== undefined ? i.ownerUsername : ctx.fallbackOwner.username,
        password: i.password === '' ? '' : await hashPassword(i.password),
        itemDomain: domain,
        itemType: type,
        isArchived: i.archived ? 1 : 0,
        isDel: i.deleted ? 1 : 0,
        addtime: i.addTime,
        lastUpdateTime: i.lastUpdateTime,
        delTime: i.deleted ? i.lastUpdateTime : 0,
      };
    },
    written: (i, id) => run.noteIdChange('item', i.itemId, id),
  });
}

/** catalog limits: ShowDoc's catalog ids → Quire's (limits to catalogs that did not come along are dropped) */
function catalogLimits(ctx: StepContext, ids: number[]): { catId: number; catIds: string } | Skip {
  const mapped = ids.map((c) => ctx.run.idOf('catalog', c)).filter((c): c is number => c !== undefined && c > 0);
  // the limits asked for, all gone: the member must not end up with the whole item
  if (ids.length > 0 && mapped.length === 0) return new Skip('The catalogs it was limited to were not imported');
  return { catId: mapped[0] ?? 0, catIds: mapped.join(',') };
}

export async function copyMembers(ctx: StepContext) {
  const { run, src } = ctx;
  await run.copy<ShowdocMember>({
    source: 'item_member',
    targetName: 'item_members',
    idColumn: 'item_member_id',
    idField: 'itemMemberId',
    rows: src.members(),
    key: (m) => String(m.memberId),
    conflictReason: 'The user is a member of this item already',
    convert(m) {
      const itemId = run.idOf('item', m.itemId);
      const uid = run.idOf('user', m.uid);
      if (itemId === undefined) return new Skip('Its item ({id}) was not imported', { id: m.itemId });
      if (uid === undefined) return new Skip('Its user ({id}) was not imported', { id: m.uid });
      const limits = catalogLimits(ctx, m.limitedTo);
      if (limits instanceof Skip) return limits;
      return { itemId, uid, username: m.username, memberGroupId: [0, 1, 2].includes(m.role) ? m.role : 1, ...limits };
    },
  });
  await run.copy<SourceRow>({
    source: 'team_item',
    targetName: 'team_items',
    idColumn: 'id',
    idField: 'id',
    rows: src.raw('team_item'),
    key: (t) => str(t.id),
    conflictReason: 'The team has this item already',
    convert(t) {
      const teamId = run.idOf('team', num(t.team_id));
      const itemId = run.idOf('item', num(t.item_id));
      if (teamId === undefined) return new Skip('Its team ({id}) was not imported', { id: num(t.team_id) });
      if (itemId === undefined) return new Skip('Its item ({id}) was not imported', { id: num(t.item_id) });
      return { teamId, itemId, addtime: num(t.addtime) };
    },
  });
  await run.copy<SourceRow>({
    source: 'team_item_member',
    targetName: 'team_item_members',
    idColumn: 'id',
    idField: 'id',
    rows: src.raw('team_item_member'),
    key: (t) => str(t.id),
    conflictReason: 'The user has this item through this team already',
    convert(t) {
      const teamId = run.idOf('team', num(t.team_id));
      const itemId = run.idOf('item', num(t.item_id));
      const uid = run.idOf('user', num(t.member_uid));
      if (teamId === undefined || itemId === undefined || uid === undefined) return new Skip('Its team, item or user was not imported');
      const asked = parseCatIds(str(t.cat_ids), num(t.cat_id));
      const limits = catalogLimits(ctx, asked);
      if (limits instanceof Skip) return limits;
      const group = num(t.member_group_id);
      return { teamId, itemId, memberUid: uid, memberUsername: str(t.member_username), memberGroupId: [0, 1, 2].includes(group) ? group : 1, ...limits, addtime: num(t.addtime) };
    },
  });
}

export async function copyItemKeys(ctx: StepContext) {
  const { run, src } = ctx;
  await run.copy<SourceRow>({
    source: 'item_token',
    targetName: 'item_tokens',
    idColumn: 'id',
    idField: 'id',
    rows: src.raw('item_token'),
    key: (t) => str(t.id),
    conflictReason: 'The item has an API key already, or the key is used by another item',
    convert(t) {
      const itemId = run.idOf('item', num(t.item_id));
      if (itemId === undefined) return new Skip('Its item ({id}) was not imported', { id: num(t.item_id) });
      const apiKey = str(t.api_key).trim();
      const apiToken = str(t.api_token).trim();
      if (!apiKey || !apiToken) return new Skip('An empty API key');
      return { itemId, apiKey, apiToken, addtime: num(t.addtime), lastCheckTime: num(t.last_check_time) };
    },
  });
}

/** pins (item_top) and stars (item_star) both become stars: Quire's list shows starred items first */
export async function copyItemListPrefs(ctx: StepContext) {
  const { run, src } = ctx;
  for (const source of ['item_top', 'item_star'] as const) {
    await run.copy<SourceRow>({
      source,
        targetName: 'item_stars',
      idColumn: 'id',
      idField: 'id',
      rows: src.raw(source),
      key: (t) => str(t.id),
      conflictReason: 'Starred already',
      convert(t) {
        const itemId = run.idOf('item', num(t.item_id));
        const uid = run.idOf('user', num(t.uid));
        if (itemId === undefined || uid === undefined) return new Skip('Its item or user was not imported');
        return { uid, itemId, createdAt: num(t.addtime) || num(t.created_at) };
      },
    });
  }
  await run.copy<SourceRow>({
    source: 'item_group',
    targetName: 'item_groups',
    idColumn: 'id',
    idField: 'id',
    rows: src.raw('item_group'),
    key: (g) => str(g.id),
    convert(g) {
      const uid = run.idOf('user', num(g.uid));
      if (uid === undefined) return new Skip('Its user ({id}) was not imported', { id: num(g.uid) });
      const ids = str(g.item_ids)
        .split(',')
        .map((s) => run.idOf('item', Number(s.trim())))
        .filter((i): i is number => i !== undefined);
      return { uid, groupName: str(g.group_name) || 'group', itemIds: [...new Set(ids)], sNumber: num(g.s_number), createdAt: toUnix(g.created_at), updatedAt: toUnix(g.updated_at) };
    },
  });
  await run.copy<SourceRow>({
    source: 'item_sort',
    targetName: 'item_sort',
    idColumn: 'id',
    idField: 'id',
    rows: src.raw('item_sort'),
    key: (s) => str(s.id),
    conflictReason: 'The user has a sort order for this list already',
    convert(s) {
      const uid = run.idOf('user', num(s.uid));
      if (uid === undefined) return new Skip('Its user ({id}) was not imported', { id: num(s.uid) });
      const group = num(s.item_group_id);
      const groupId = group > 0 ? run.idOf('item_group', group) : group;
      if (groupId === undefined) return new Skip('Its item group ({id}) was not imported', { id: group });
      let data: Record<string, unknown> = {};
      try {
        const parsed = JSON.parse(str(s.item_sort_data) || '{}');
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) data = parsed;
      } catch {
        return new Skip('Its sort order is not JSON');
      }
      const sortData: Record<string, number> = {};
      for (const [k, v] of Object.entries(data)) {
        const itemId = run.idOf('item', Number(k));
        if (itemId !== undefined && Number.isFinite(Number(v))) sortData[String(itemId)] = Number(v);
      }
      return { uid, itemGroupId: groupId, itemSortData: sortData, addtime: num(s.addtime) };
    },
  });
}

/** ShowDoc keeps some times as 'Y-m-d H:i:s' strings */
export function toUnix(v: unknown): number {
  const s = str(v as never);
  if (/^\d+$/.test(s)) return Number(s);
  const t = Date.parse(s.replace(' ', 'T'));
  return Number.isFinite(t) ? Math.floor(t / 1000) : 0;
}
