export { insuredLocationsAdapter } from './api/insured-locations.js';
