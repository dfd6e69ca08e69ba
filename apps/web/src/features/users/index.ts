export { usersKeys } from './api/users-api.js';
