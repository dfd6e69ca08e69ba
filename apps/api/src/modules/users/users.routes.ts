import {
  deleteProfile,
  getMenus,
  getPersonThr3dAPIHistory,
  getProfileByCompanyId,
  getSettableProfiles,
  getUsers,
  insertOrUpdateProfile,
  updateMenuFuncionalityInProfile,
  updateUserInfoProfile,
} from '@aval/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../context.js';
import { route } from '../../plugins/endpoints.js';
import { getApiHistory } from './get-api-history.js';
import * as service from './users.service.js';

export const usersRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, getUsers, (ctx, { query }) => service.getUsers(ctx, query));
  route(app, platform, getSettableProfiles, (ctx, { query }) =>
    service.getSettableProfiles(ctx, query.userInfoTypeId),
  );
  route(app, platform, getProfileByCompanyId, (ctx, { query }) =>
    service.getProfiles(ctx, query.userInfoTypeId),
  );
  route(app, platform, getMenus, (ctx, { query }) => service.getMenus(ctx, query.userInfoTypeId));
  route(app, platform, insertOrUpdateProfile, (ctx, { body }) => service.insertOrUpdateProfile(ctx, body));
  route(app, platform, updateUserInfoProfile, (ctx, { body }) =>
    service.updateUserProfile(ctx, body.UserInfoId, body.ProfileUniqueId),
  );
  route(app, platform, updateMenuFuncionalityInProfile, (ctx, { body }) =>
    service.updateProfileFunctionalities(ctx, body.ProfileUniqueId, body.MenuFuncionalityIds),
  );
  route(app, platform, deleteProfile, (ctx, { query }) => service.deleteProfile(ctx, query.UniqueId));
  route(app, platform, getPersonThr3dAPIHistory, (ctx, { query }) => getApiHistory(ctx, query));
};
