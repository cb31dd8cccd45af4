import { controller } from '../http/action';

// page upload actions (attachments area)
export default controller('page', {});
