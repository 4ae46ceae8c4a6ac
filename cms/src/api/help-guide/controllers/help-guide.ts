import { controllerWithPopulate } from '../../../lib/fixed-populate';

export default controllerWithPopulate('api::help-guide.help-guide', ['steps']);
