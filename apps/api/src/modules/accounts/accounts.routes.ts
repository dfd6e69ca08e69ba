import { changeUserInfoStatus, deleteUserInfo, saveAdvisorBrokers, saveUserInfo } from '@aval/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../context.js';
import { route } from '../../plugins/endpoints.js';
import { changeUserStatus } from './change-user-status.js';
import { deleteUser } from './delete-user.js';
import { saveAdvisedBrokers } from './save-advised-brokers.js';
import { saveUserInfo as saveUser } from './save-user.js';

export const accountsRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, saveUserInfo, (ctx, { body }) => saveUser(ctx, body));
  route(app, platform, changeUserInfoStatus, (ctx, { query }) => changeUserStatus(ctx, query.userId));
  route(app, platform, saveAdvisorBrokers, (ctx, { body }) => saveAdvisedBrokers(ctx, body));
  route(app, platform, deleteUserInfo, (ctx, { query }) => deleteUser(ctx, query.userInfoId));
};
