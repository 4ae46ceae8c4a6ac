import { controllerWithPopulate } from '../../../lib/fixed-populate';

export default controllerWithPopulate('api::carrier.carrier', ['theme', 'icons']);
