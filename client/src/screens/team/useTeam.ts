import { peopleApi, type Team } from '../../api';
import { useLoad } from '../itemSetting/shared/useLoad';

/** The team with this id from team/getList (its name for the title); undefined while loading or when unknown. */
export function useTeam(teamId: string) {
  const teams = useLoad(() => peopleApi.teams(), [teamId]);
  const team: Team | undefined = Array.isArray(teams.data) ? teams.data.find((x) => String(x.id) === teamId) : undefined;
  return { team, loading: teams.loading };
}
