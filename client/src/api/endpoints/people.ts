// /api/member/*, /api/team/*, /api/teamItem/*, /api/teamItemMember/*, /api/teamMember/*, /api/notice/*
import type * as memberApi from '@shared/api/member';
import type * as teamApi from '@shared/api/team';
import type * as teamItemApi from '@shared/api/teamItem';
import type * as teamItemMemberApi from '@shared/api/teamItemMember';
import type * as teamMemberApi from '@shared/api/teamMember';
import { call, callAction } from '../http';
import type { Id } from '../ids';
import type { Notice } from '@shared/api/notice';
import type * as noticeApi from '@shared/api/notice';

export const members = (item_id: Id) => callAction<typeof memberApi.getList>('member/getList', { item_id: String(item_id) });
export const saveMember = (p: { item_id: Id; username: string; cat_id?: Id; member_group_id: Id }) =>
  callAction<typeof memberApi.save>('member/save', { ...p, item_id: String(p.item_id) });
export const updateMember = (p: { item_id: Id; item_member_id: Id; member_group_id: number }) =>
  callAction<typeof memberApi.update>('member/update', { ...p, item_id: String(p.item_id) });
export const deleteMember = (p: { item_id: Id; item_member_id: Id }) => callAction<typeof memberApi.remove>('member/delete', { ...p, item_id: String(p.item_id) });

export const teams = () => callAction<typeof teamApi.getList>('team/getList', {});
export const saveTeam = (p: { id?: Id; team_name: string }) => callAction<typeof teamApi.save>('team/save', p);
export const deleteTeam = (id: Id) => callAction<typeof teamApi.remove>('team/delete', { id });
export const attornTeam = (p: { team_id: Id; username: string; password: string }) => callAction<typeof teamApi.attorn>('team/attorn', p);

export const teamItems = (item_id: Id) => callAction<typeof teamItemApi.getList>('teamItem/getList', { item_id: String(item_id) });
export const teamItemsByTeam = (team_id: Id) => callAction<typeof teamItemApi.getListByTeam>('teamItem/getListByTeam', { team_id });
/** item_id: one id or several, comma-separated */
export const saveTeamItem = (p: { item_id: Id; team_id: Id }) => callAction<typeof teamItemApi.save>('teamItem/save', p);
export const deleteTeamItem = (id: Id) => callAction<typeof teamItemApi.remove>('teamItem/delete', { id });

export const teamItemMembers = (p: { item_id: Id; team_id: Id }) => callAction<typeof teamItemMemberApi.getList>('teamItemMember/getList', p);
/** Sends only the changed field (ShowDoc changes only fields present in the POST). */
export const saveTeamItemMember = (p: { id: Id; member_group_id?: Id; cat_id?: Id }) => callAction<typeof teamItemMemberApi.save>('teamItemMember/save', p);

export const teamMembers = (team_id: Id) => callAction<typeof teamMemberApi.getList>('teamMember/getList', { team_id });
export const saveTeamMember = (p: { team_id: Id; member_username: string }) => callAction<typeof teamMemberApi.save>('teamMember/save', p);
export const deleteTeamMember = (id: Id) => callAction<typeof teamMemberApi.remove>('teamMember/delete', { id });

export const notices = (p: { notice_type: 'all' | 'unread'; count?: number }) => call<Notice[]>('notice/getList', p, { loading: false });
export const setNoticeRead = (notice_id: Id) => call('notice/setRead', { notice_id });
export const deleteNotice = (notice_id: Id) => call('notice/delete', { notice_id });
export const unreadCount = () => callAction<typeof noticeApi.getUnreadCount>('notice/getUnreadCount', {}, { silent: true, loading: false });
