// A team as stored.
import { teams } from '../../db/schema';

export type TeamRow = typeof teams.$inferSelect;
