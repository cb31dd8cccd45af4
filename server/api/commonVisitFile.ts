import { controller } from '../http/action';
import { visitFile } from './attachment';

// common/visitFile: the same download action under the common controller (ShowDoc alias)
export default controller('common', { visitFile });
