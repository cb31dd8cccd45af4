import { controller } from '../http/action';

// common/visitFile alias (attachments area)
export default controller('common', {});
