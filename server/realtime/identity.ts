// A stable avatar colour per user, so presence and cursors look the same everywhere: the one
// function the client uses too.
export { avatarColor } from '../../shared/avatarColor';
