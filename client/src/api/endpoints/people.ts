// /api/member/*, /api/team/*, /api/teamItem/*, /api/teamItemMember/*, /api/teamMember/*, /api/notice/*
import { call } from '../http';
import type { Id, ItemMember, Notice, Team, TeamItem, TeamItemMember, TeamMember } from '../types';

export const members = (item_id: Id) => call<ItemMember[]>('member/getList', { item_id });
export const saveMember = (p: { item_id: Id; username: string; cat_id?: Id; member_group_id: Id }) => call('member/save', p);
export const deleteMember = (p: { item_id: Id; item_member_id: Id }) => call('member/delete', p);

export const teams = () => call<Team[]>('team/getList');
export const saveTeam = (p: { id?: Id; team_name: string }) => call('team/save', p);
export const deleteTeam = (id: Id) => call('team/delete', { id });
export const attornTeam = (p: { team_id: Id; username: string; password: string }) => call('team/attorn', p);

export const teamItems = (item_id: Id) => call<TeamItem[]>('teamItem/getList', { item_id });
export const teamItemsByTeam = (team_id: Id) => call<TeamItem[]>('teamItem/getListByTeam', { team_id });
export const saveTeamItem = (p: { item_id: Id; team_id: Id }) => call('teamItem/save', p);
export const deleteTeamItem = (id: Id) => call('teamItem/delete', { id });

export const teamItemMembers = (p: { item_id: Id; team_id: Id }) => call<TeamItemMember[]>('teamItemMember/getList', p);
export const saveTeamItemMember = (p: { id: Id; member_group_id?: Id; cat_id?: Id }) => call('teamItemMember/save', p);

export const teamMembers = (team_id: Id) => call<TeamMember[]>('teamMember/getList', { team_id });
export const saveTeamMember = (p: { team_id: Id; member_username: string }) => call('teamMember/save', p);
export const deleteTeamMember = (id: Id) => call('teamMember/delete', { id });

export const notices = (p: { notice_type: 'all' | 'unread'; count?: number }) => call<Notice[]>('notice/getList', p, { loading: false });
export const setNoticeRead = (notice_id: Id) => call('notice/setRead', { notice_id });
export const deleteNotice = (notice_id: Id) => call('notice/delete', { notice_id });
