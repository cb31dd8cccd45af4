// Builders for realistic test data: users (through the real register endpoint), items with a
// catalog tree and pages, personal and team memberships (straight into the database, fast).
import { eq } from 'drizzle-orm';
import type { TestApp } from './app';
import { catalogs, itemMembers, items, pages, teamItemMembers, teamItems, teamMembers, teams, users } from '../../server/db/schema';
import { hashItemPassword } from '../../server/policies/itemPassword';

export interface Actor {
  uid: number;
  username: string;
  token: string;
}

/** Registers a user. NB: the first account of a fresh database becomes administrator. */
export async function makeUser(app: TestApp, username: string): Promise<Actor> {
  const r = await app.register(username);
  return { uid: r.uid, username: r.username, token: r.user_token };
}

/** Turns a registered user into an administrator (groupid 1). */
export async function makeAdmin(app: TestApp, username: string): Promise<Actor> {
  const a = await makeUser(app, username);
  await app.deps.db.update(users).set({ groupid: 1 }).where(eq(users.uid, a.uid));
  app.deps.events.emit('user.updated', { uid: a.uid });
  return a;
}

export type PageSpec = string | { title: string; content?: string; sNumber?: number };

export interface CatalogSpec {
  name: string;
  sNumber?: number;
  pages?: PageSpec[];
  children?: CatalogSpec[];
}

export interface ItemSpec {
  name?: string;
  description?: string;
  /** 1 regular (default), 2 single page, 3 read-only display, 4 table */
  itemType?: number;
  /** visit password; '' = open */
  password?: string;
  domain?: string;
  archived?: boolean;
  rootPages?: PageSpec[];
  catalogs?: CatalogSpec[];
}

export interface BuiltItem {
  itemId: number;
  /** catalog id by name (names are unique within a fixture) */
  cats: Record<string, number>;
  /** page id by title */
  pages: Record<string, number>;
}

let counter = 0;
const hashes = new Map<string, Promise<string>>();
/** argon2 is slow on purpose: one hash per distinct fixture password is enough. */
const itemPasswordHash = (pw: string) => {
  if (!hashes.has(pw)) hashes.set(pw, hashItemPassword(pw));
  return hashes.get(pw)!;
};

/** An item owned by `owner`, with its catalogs (levels 2..4) and pages. */
export async function buildItem(app: TestApp, owner: Actor, spec: ItemSpec = {}): Promise<BuiltItem> {
  const db = app.deps.db;
  const now = Math.floor(Date.now() / 1000);
  const [item] = await db
    .insert(items)
    .values({
      itemName: spec.name ?? `Item ${++counter}`,
      itemDescription: spec.description ?? '',
      uid: owner.uid,
      username: owner.username,
      password: await itemPasswordHash(spec.password ?? ''),
      itemDomain: spec.domain ?? '',
      itemType: spec.itemType ?? 1,
      isArchived: spec.archived ? 1 : 0,
      addtime: now,
      lastUpdateTime: now,
    })
    .returning();
  const built: BuiltItem = { itemId: item.itemId, cats: {}, pages: {} };
  const addPages = async (catId: number, list: PageSpec[] = []) => {
    for (const p of list) {
      const s = typeof p === 'string' ? { title: p } : p;
      const [row] = await db
        .insert(pages)
        .values({
          itemId: item.itemId,
          catId,
          pageTitle: s.title,
          pageContent: s.content ?? `Content of ${s.title}`,
          sNumber: s.sNumber ?? 99,
          authorUid: owner.uid,
          authorUsername: owner.username,
          addtime: now,
          pageAddtime: now,
        })
        .returning({ pageId: pages.pageId });
      built.pages[s.title] = row.pageId;
    }
  };
  const addCats = async (parent: number, level: number, list: CatalogSpec[] = []) => {
    for (const c of list) {
      const [row] = await db
        .insert(catalogs)
        .values({ catName: c.name, itemId: item.itemId, parentCatId: parent, level, sNumber: c.sNumber ?? 99, addtime: now })
        .returning({ catId: catalogs.catId });
      built.cats[c.name] = row.catId;
      await addPages(row.catId, c.pages);
      await addCats(row.catId, level + 1, c.children);
    }
  };
  await addPages(0, spec.rootPages);
  await addCats(0, 2, spec.catalogs);
  return built;
}

/** Personal membership: group 0 read-only, 1 edit, 2 manage; catIds limits to top-level catalogs. */
export async function addMember(app: TestApp, itemId: number, who: Actor, group: number, catIds: number[] = []): Promise<void> {
  await app.deps.db.insert(itemMembers).values({
    itemId,
    uid: who.uid,
    username: who.username,
    memberGroupId: group,
    catId: catIds[0] ?? 0,
    catIds: catIds.join(','),
    addtime: Math.floor(Date.now() / 1000),
  });
  // written behind the domain's back: drop cached grants as a domain write would
  app.deps.events.emit('reads.stale', { itemIds: [itemId] });
}

/** A team owned by `owner`, holding `who`, bound to the item with the given rights. Returns the team id. */
export async function addTeamMember(app: TestApp, owner: Actor, itemId: number, who: Actor, group: number, catIds: number[] = []): Promise<number> {
  const db = app.deps.db;
  const now = Math.floor(Date.now() / 1000);
  const [team] = await db.insert(teams).values({ teamName: `Team ${++counter}`, uid: owner.uid, username: owner.username, addtime: now }).returning();
  await db.insert(teamMembers).values({ teamId: team.id, memberUid: who.uid, memberUsername: who.username, addtime: now });
  await db.insert(teamItems).values({ teamId: team.id, itemId, addtime: now });
  await db.insert(teamItemMembers).values({
    teamId: team.id,
    itemId,
    memberUid: who.uid,
    memberUsername: who.username,
    memberGroupId: group,
    catId: catIds[0] ?? 0,
    catIds: catIds.join(','),
    addtime: now,
  });
  return team.id;
}

/** The standard item of the role matrices: three catalog levels, root pages, two top catalogs. */
export function standardItemSpec(name = 'Handbook'): ItemSpec {
  return {
    name,
    rootPages: [{ title: 'Welcome', sNumber: 1 }, 'Changelog'],
    catalogs: [
      {
        name: 'Guide',
        sNumber: 1,
        pages: ['Install', 'Configure'],
        children: [{ name: 'Advanced', pages: ['Tuning'], children: [{ name: 'Internals', pages: ['Storage'] }] }],
      },
      { name: 'API', sNumber: 2, pages: ['Endpoints'] },
    ],
  };
}
