import { peopleApi } from '../../api';
import { canManageTeam, type TeamRow } from './rules';
import { useLoad } from '../itemSetting/shared/useLoad';

/** The team with this id from team/getList (name for the title, whether the user manages it); undefined while loading or when unknown. */
export function useTeam(teamId: string) {
  const teams = useLoad(() => peopleApi.teams(), [teamId]);
  const team: TeamRow | undefined = Array.isArray(teams.data) ? (teams.data as TeamRow[]).find((x) => String(x.id) === teamId) : undefined;
  return { team, loading: teams.loading, manage: canManageTeam(team) };
}
