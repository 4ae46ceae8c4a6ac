import { controllerWithPopulate } from '../../../lib/fixed-populate';

export default controllerWithPopulate('api::landing-page.landing-page', ['sellingPoints', 'steps', 'popularSmartphones', 'popularTablets']);
