// Notices about access: added to an item, added to a team, an item shared with your team,
// a team transferred to you. Built here, inserted by the caller inside its own transaction.
import { bilingual, escapeHtml, itemLink, rightsPhrase, strong, teamLink } from './content';
import type { NoticeInput } from './create';

export interface Actor {
  uid: number;
  name: string;
}

export function memberAddedNotice(toUid: number, from: Actor, item: { itemId: number; itemName: string }, group: number): NoticeInput {
  return {
    toUid,
    fromUid: from.uid,
    fromName: from.name,
    noticeType: 'member_added',
    title: 'You were added to an item',
    content: bilingual('{from} added you to the item {item} with {rights}.', (lang) => ({
      from: escapeHtml(from.name),
      item: itemLink(item.itemId, item.itemName),
      rights: rightsPhrase(group, lang),
    })),
    objectType: 'item',
    objectId: item.itemId,
  };
}

export function teamAddedNotice(toUid: number, from: Actor, team: { id: number; teamName: string }, itemCount: number): NoticeInput {
  return {
    toUid,
    fromUid: from.uid,
    fromName: from.name,
    noticeType: 'team_added',
    title: 'You were added to a team',
    content: bilingual('{from} added you to the team {team}; you can now open its {count} item(s).', () => ({
      from: escapeHtml(from.name),
      team: teamLink(team.id, team.teamName),
      count: itemCount,
    })),
    objectType: 'team',
    objectId: team.id,
  };
}

export function teamItemNotice(toUid: number, from: Actor, team: { id: number; teamName: string }, item: { itemId: number; itemName: string }): NoticeInput {
  return {
    toUid,
    fromUid: from.uid,
    fromName: from.name,
    noticeType: 'member_added',
    title: 'An item was shared with your team',
    content: bilingual('{from} shared the item {item} with your team {team}.', () => ({
      from: escapeHtml(from.name),
      item: itemLink(item.itemId, item.itemName),
      team: strong(team.teamName),
    })),
    objectType: 'item',
    objectId: item.itemId,
  };
}

export function teamAttornedNotice(toUid: number, from: Actor, team: { id: number; teamName: string }, items: { itemId: number; itemName: string }[]): NoticeInput {
  const list = items.length ? `<ul>${items.map((i) => `<li>${itemLink(i.itemId, i.itemName)}</li>`).join('')}</ul>` : '';
  return {
    toUid,
    fromUid: from.uid,
    fromName: from.name,
    noticeType: 'team_attorned',
    title: 'A team was transferred to you',
    content:
      bilingual('{from} transferred the team {team} to you, with {count} item(s).', () => ({
        from: escapeHtml(from.name),
        team: teamLink(team.id, team.teamName),
        count: items.length,
      })) + list,
    objectType: 'team',
    objectId: team.id,
  };
}
